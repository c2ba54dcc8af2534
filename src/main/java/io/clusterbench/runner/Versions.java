package io.clusterbench.runner;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Versions recorded in every result: clusterbench, the JDBC driver and Java.
 *
 * <p>Thread-safe (stateless).
 */
public final class Versions {
    /** clusterbench's version. */
    public static final String CLUSTERBENCH = "0.1.0";

    private Versions() {
    }

    /** @return tool name and version, JDBC driver and Java versions, for result headers */
    public static Map<String, String> tool() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", "clusterbench");
        m.put("version", CLUSTERBENCH);
        Package driver = org.mariadb.jdbc.Driver.class.getPackage();
        m.put("jdbcDriver", "MariaDB Connector/J " + (driver.getImplementationVersion() == null ? "3.5.6"
                : driver.getImplementationVersion()));
        m.put("java", Runtime.version().toString());
        return m;
    }
}
