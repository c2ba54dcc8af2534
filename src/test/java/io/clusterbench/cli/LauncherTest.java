package io.clusterbench.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/clusterbench} forks no process on the way to the JVM once the Java binary is known (issue 9: its
 * forks were about 0.15 CPU s of every start). A copy of the launcher runs beside a stand-in jar and a stand-in
 * JDK whose {@code java} writes its arguments to a file, with a PATH that holds that {@code java} and nothing else:
 * any external command the launcher ran (dirname, find, sed, cksum, ...) would fail it.
 */
class LauncherTest {
    @TempDir
    Path tmp;

    private Path home;
    private Path jdk;
    private Path args;

    @BeforeEach
    void layOut() throws Exception {
        home = install();
        jdk = fakeJdk("17.0.99");
        args = tmp.resolve("args");
    }

    @Test
    void withTheJavaPathCachedTheLauncherRunsNothingButJavaAndFindsItsArchive() throws Exception {
        // the real path of `java` as an earlier start cached it (it is no symlink here, so it is itself)
        Files.writeString(home.resolve("target/.java-java"), jdk.resolve("bin/java") + "\n");
        Path archive = home.resolve("target/clusterbench-java17.0.99-java.jsa");
        Files.writeString(archive, "");
        Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis() + 60_000)); // newer than the jar

        assertEquals(0, launch("--version"));
        List<String> passed = Files.readAllLines(args);
        assertTrue(passed.contains("-XX:SharedArchiveFile=" + archive), passed.toString());
        assertEquals(List.of("-jar", home.resolve("target/clusterbench.jar").toString(), "--version"),
                passed.subList(passed.size() - 3, passed.size()));
    }

    @Test
    void aJavaThatIsNoLongerTheCachedOneIsResolvedAgain() throws Exception {
        Files.writeString(home.resolve("target/.java-java"), tmp.resolve("gone/bin/java") + "\n");

        // without readlink on the PATH the version stays unknown: no archive, java still runs
        assertEquals(0, launch("--version"));
        assertFalse(Files.readString(args).contains("SharedArchiveFile"), Files.readString(args));
    }

    @Test
    void theFirstBuildShowsMavensMessagesWithoutColourCodesAndItsFailureStopsTheLauncher() throws Exception {
        Path tools = Files.createDirectories(tmp.resolve("tools"));
        Files.createSymbolicLink(tools.resolve("sed"), Path.of(sedPath()));
        Path mvn = tools.resolve("mvn");
        Files.setPosixFilePermissions(Files.writeString(mvn, "#!/bin/bash\nprintf '\\033[0m\\033[0m'\n"
                + "[ -f fail ] && { printf '\\033[1;31m[ERROR] COMPILATION ERROR\\033[m\\n'; exit 1; }\nexit 0\n"),
                PosixFilePermissions.fromString("rwxr-xr-x"));
        Path source = Files.createDirectories(home.resolve("src/main")).resolve("Changed.java");
        Files.writeString(source, "");
        Files.setLastModifiedTime(source, FileTime.fromMillis(System.currentTimeMillis() + 60_000)); // newer than the jar
        String path = jdk.resolve("bin") + ":" + tools;

        // Maven 3.8 printed bare ESC[0m resets in quiet batch mode: a new user saw them as stray characters
        assertEquals(0, run(path, "--version"));
        assertEquals("Building clusterbench (first use; takes a minute)...\n", Files.readString(tmp.resolve("out")));

        Files.writeString(home.resolve("fail"), "");
        assertEquals(1, run(path, "--version"), "a failed build is the launcher's failure");
        String out = Files.readString(tmp.resolve("out"));
        assertTrue(out.contains("[ERROR] COMPILATION ERROR\n"), out);
        assertFalse(out.contains("\u001b"), out);
    }

    private static String sedPath() {
        return Files.isExecutable(Path.of("/usr/bin/sed")) ? "/usr/bin/sed" : "/bin/sed";
    }

    /** @return a directory laid out as a checkout after its build: bin/clusterbench and target/clusterbench.jar */
    private Path install() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("cb"));
        Files.createDirectories(dir.resolve("bin"));
        Files.createDirectories(dir.resolve("target"));
        Files.copy(Path.of("bin/clusterbench"), dir.resolve("bin/clusterbench"));
        Files.writeString(dir.resolve("target/clusterbench.jar"), "");
        return dir;
    }

    /** @return a JDK home whose bin/java writes its arguments, one a line, to $ARGS_FILE */
    private Path fakeJdk(String version) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("jdk/bin")).getParent();
        Path java = dir.resolve("bin/java");
        Files.writeString(java, "#!/bin/bash\nprintf '%s\\n' \"$@\" > \"$ARGS_FILE\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return dir;
    }

    /** Runs the launcher with only the fake JDK's bin on the PATH; @return its exit code */
    private int launch(String... command) throws Exception {
        int code = run(jdk.resolve("bin").toString(), command);
        assertEquals("", Files.readString(tmp.resolve("out")), "launcher output");
        return code;
    }

    /** Runs the launcher with {@code path} as PATH, its output (both streams) to tmp/out; @return its exit code */
    private int run(String path, String... command) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("/bin/bash", home.resolve("bin/clusterbench").toString()));
        cmd.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("out").toFile());
        Map<String, String> env = pb.environment();
        env.clear();
        env.put("PATH", path);
        env.put("ARGS_FILE", args.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "launcher did not end");
        return p.exitValue();
    }
}
