package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The variable diff keeps settings that differ and leaves out identity, places and positions. */
class VariableDiffTest {
    private static Map<String, String> vars(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void keepsSettingsThatDifferAndDropsThoseThatAlwaysDiffer() {
        Map<String, String> a = vars("innodb_flush_log_at_trx_commit", "1", "innodb_buffer_pool_size", "134217728",
                "port", "33979", "pid_file", "/tmp/x1/data/vm.pid", "datadir", "/tmp/x1/data/",
                "server_uuid", "u1", "gtid_binlog_pos", "0-1-5", "aria_log_dir_path", "/tmp/x1/data/",
                "socket", "/tmp/a.sock", "hostname", "h1", "general_log_file", "h1.log", "tmpdir", "/tmp/x1/tmp",
                "max_connections", "151");
        Map<String, String> b = vars("innodb_flush_log_at_trx_commit", "2", "innodb_buffer_pool_size", "134217728",
                "port", "42847", "pid_file", "/tmp/x2/data/vm.pid", "datadir", "/tmp/x2/data/",
                "server_uuid", "u2", "gtid_binlog_pos", "0-1-9", "aria_log_dir_path", "/tmp/x2/data/",
                "socket", "/tmp/b.sock", "hostname", "h2", "general_log_file", "h2.log", "tmpdir", "/tmp/x2/tmp",
                "max_connections", "151");
        List<VariableDiff.Entry> diff = VariableDiff.of(List.of(a, b));
        assertEquals(List.of(new VariableDiff.Entry("innodb_flush_log_at_trx_commit", List.of("1", "2"))), diff);
    }

    @Test
    void aVariableMissingOnOneSideDiffersAndNamesCompareCaseInsensitively() {
        Map<String, String> a = vars("Innodb_Doublewrite", "ON", "only_a", "1");
        Map<String, String> b = vars("innodb_doublewrite", "ON");
        List<VariableDiff.Entry> diff = VariableDiff.of(List.of(a, b));
        assertEquals(1, diff.size());
        assertEquals("only_a", diff.get(0).name());
        assertEquals(Arrays.asList("1", null), diff.get(0).values());
    }

    @Test
    void aResultWithoutVariablesDoesNotMakeEverythingDiffer() {
        assertEquals(List.of(), VariableDiff.of(Arrays.asList(vars("a", "1"), null, vars("a", "1"))));
        assertEquals(1, VariableDiff.of(Arrays.asList(vars("a", "1"), null, vars("a", "2"))).size());
    }

    @Test
    void theFilterCoversNamesAndEndings() {
        for (String n : List.of("port", "PID_FILE", "server_uid", "slow_query_log_file", "log_bin_basename",
                "innodb_data_home_dir", "wsrep_data_home_dir", "gtid_current_pos", "timestamp")) {
            assertTrue(VariableDiff.alwaysDifferent(n), n);
        }
        for (String n : List.of("innodb_flush_log_at_trx_commit", "max_connections", "sync_binlog",
                "innodb_adaptive_hash_index", "log_bin", "innodb_data_file_path")) {
            assertFalse(VariableDiff.alwaysDifferent(n), n);
        }
    }
}
