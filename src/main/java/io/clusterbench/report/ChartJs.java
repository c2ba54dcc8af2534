package io.clusterbench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js (MIT licence), read from its Maven Central webjar ({@code org.webjars.npm:chart.js}) on the class
 * path, ready to be inlined into a {@code <script>} element so the report opens offline.
 *
 * <p>Thread-safe: the source is loaded once and cached.
 */
final class ChartJs {
    private static final String POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static volatile String source;
    private static volatile String version;

    private ChartJs() {
    }

    /** @return the library version, e.g. {@code 4.5.1} */
    static String version() {
        load();
        return version;
    }

    /**
     * @return the UMD build (defines the global {@code Chart}), with its source-map comment removed and every
     *         {@code </script} escaped so it can sit inside a script element
     * @throws IllegalStateException when the webjar is not on the class path (a packaging bug)
     */
    static String source() {
        load();
        return source;
    }

    private static synchronized void load() {
        if (source != null) {
            return;
        }
        ClassLoader loader = ChartJs.class.getClassLoader();
        Properties pom = new Properties();
        try (InputStream in = loader.getResourceAsStream(POM)) {
            if (in == null) {
                throw new IllegalStateException("Chart.js webjar missing from the class path (" + POM + ")");
            }
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String v = pom.getProperty("version");
        String base = "META-INF/resources/webjars/chart.js/" + v + "/dist/";
        for (String name : new String[]{"chart.umd.min.js", "chart.umd.js"}) {
            try (InputStream in = loader.getResourceAsStream(base + name)) {
                if (in != null) {
                    String js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    js = js.replaceAll("(?m)^//# sourceMappingURL=.*$", "").replace("</script", "<\\/script");
                    version = v;
                    source = js;
                    return;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("Chart.js " + v + " webjar holds no UMD build under " + base);
    }
}
