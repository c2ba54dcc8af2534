package io.clusterbench.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Headless Chromium (Debian package {@code chromium}) for rendering test pages, with a fresh profile per call,
 * no network services and no sandbox (tests run as root in containers).
 *
 * <p>{@link #require()} skips the calling test with a visible reason when Chromium is missing, unless
 * {@code CLUSTERBENCH_REQUIRE_GALERA=1} (CI), in which case it fails. Thread-safe (each call has its own
 * profile directory).
 */
public final class Chromium {
    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");
    private final Path binary;

    private Chromium(Path binary) {
        this.binary = binary;
    }

    /** What a rendered report page said about itself (see io.clusterbench.report.HtmlReport). */
    public record Rendered(int expectedCharts, int drawnCharts, List<String> errors, String dom) {
    }

    /** @return Chromium, or skips (fails in CI) when it is not installed */
    public static Chromium require() {
        Path found = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(dir -> NAMES.stream().map(n -> Path.of(dir, n))).filter(Files::isExecutable)
                .findFirst().orElse(null);
        if (found == null) {
            String reason = "chromium not installed (apt-get install chromium): report rendering not checked";
            if ("1".equals(System.getenv("CLUSTERBENCH_REQUIRE_GALERA"))) {
                throw new AssertionError(reason + ", and CLUSTERBENCH_REQUIRE_GALERA=1 requires it");
            }
            System.err.println("SKIPPED: " + reason);
            Assumptions.abort(reason);
        }
        return new Chromium(found);
    }

    /**
     * Loads {@code page}, lets its scripts run for up to 10 s of virtual time and reads the DOM.
     *
     * @return the render status and errors the page wrote into its DOM
     */
    public Rendered render(Path page) throws IOException, InterruptedException {
        String dom = run(page, "--virtual-time-budget=10000", "--dump-dom");
        Matcher status = Pattern.compile("<div id=\"render-status\"([^>]*)>").matcher(dom);
        if (!status.find()) {
            throw new AssertionError("no #render-status in the rendered page:\n" + head(dom));
        }
        int expected = attribute(status.group(1), "data-expected");
        int drawn = attribute(status.group(1), "data-drawn");
        List<String> errors = new ArrayList<>();
        Matcher list = Pattern.compile("<ul id=\"render-errors\">(.*?)</ul>", Pattern.DOTALL).matcher(dom);
        if (list.find()) {
            Matcher item = Pattern.compile("<li>(.*?)</li>", Pattern.DOTALL).matcher(list.group(1));
            while (item.find()) {
                errors.add(item.group(1));
            }
        }
        return new Rendered(expected, drawn, errors, dom);
    }

    /** Writes a PNG screenshot of {@code page} ({@code width} × {@code height} CSS pixels). */
    public void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        run(page, "--virtual-time-budget=10000", "--hide-scrollbars", "--window-size=" + width + "," + height,
                "--screenshot=" + png.toAbsolutePath());
    }

    private String run(Path page, String... extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("clusterbench-chromium-");
        Path out = Files.createTempFile("clusterbench-chromium-", ".out");
        Path err = Files.createTempFile("clusterbench-chromium-", ".err");
        try {
            List<String> cmd = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--user-data-dir=" + profile));
            cmd.addAll(List.of(extra));
            cmd.add(page.toAbsolutePath().toUri().toString());
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("chromium did not finish within 180 s");
            }
            if (p.exitValue() != 0) {
                throw new AssertionError("chromium exited " + p.exitValue() + ":\n" + head(Files.readString(err)));
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            deleteTree(profile);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static int attribute(String attributes, String name) {
        Matcher m = Pattern.compile(name + "=\"(\\d+)\"").matcher(attributes);
        if (!m.find()) {
            throw new AssertionError("#render-status has no " + name + ": " + attributes);
        }
        return Integer.parseInt(m.group(1));
    }

    private static String head(String text) {
        return text.length() > 2000 ? text.substring(0, 2000) + "…" : text;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
