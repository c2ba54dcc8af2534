package io.clusterbench.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A cache part's manifest: a finished part passes, a part cut short, truncated, rewritten or emptied does not. */
class ManifestTest {
    @TempDir
    Path dir;

    private Path part() throws Exception {
        Path part = Files.createDirectories(dir.resolve("base"));
        Files.createDirectories(part.resolve("share/english"));
        Files.write(part.resolve("share/english/errmsg.sys"), new byte[1000]);
        Files.writeString(part.resolve("share/fill_help_tables.sql"), "select 1;\n");
        Files.setLastModifiedTime(part.resolve("share/english/errmsg.sys"), FileTime.fromMillis(1_700_000_000_000L));
        return part;
    }

    @Test
    void aFinishedPartPasses() throws Exception {
        Path part = part();
        Manifest.write(part);
        assertNull(Manifest.problem(part));
    }

    @Test
    void aPartWithoutItsManifestWasNotFinished() throws Exception {
        assertEquals("its manifest is missing (an unfinished or damaged copy)", Manifest.problem(part()));
        assertEquals("it is missing", Manifest.problem(dir.resolve("datadir")));
    }

    @Test
    void aTruncatedFileIsNamedWithItsSizes() throws Exception {
        Path part = part();
        Manifest.write(part);
        try (RandomAccessFile f = new RandomAccessFile(part.resolve("share/english/errmsg.sys").toFile(), "rw")) {
            f.setLength(400);
        }
        assertEquals("share/english/errmsg.sys has 400 bytes, not 1000", Manifest.problem(part));
    }

    @Test
    void aFileWrittenInPlaceKeepingItsSizeIsSeenByItsTime() throws Exception {
        Path part = part();
        Manifest.write(part);
        try (RandomAccessFile f = new RandomAccessFile(part.resolve("share/english/errmsg.sys").toFile(), "rw")) {
            f.seek(10);
            f.write(7);
        }
        assertEquals("share/english/errmsg.sys was written after the cache was made", Manifest.problem(part));
    }

    @Test
    void aDeletedFileIsNamed() throws Exception {
        Path part = part();
        Manifest.write(part);
        Files.delete(part.resolve("share/fill_help_tables.sql"));
        assertEquals("share/fill_help_tables.sql is missing", Manifest.problem(part));
    }

    @Test
    void aManifestOfAnotherFormatIsNotTrusted() throws Exception {
        Path part = part();
        Files.writeString(part.resolve(Manifest.NAME), "clusterbench cache manifest 1\n1000\tshare/english/errmsg.sys\n");
        assertEquals("its manifest is not one this version wrote", Manifest.problem(part));
    }
}
