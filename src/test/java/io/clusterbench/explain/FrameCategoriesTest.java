package io.clusterbench.explain;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The categories of docs/explain.md on stacks as MariaDB's really look (leaf first). */
class FrameCategoriesTest {
    private static String of(String... leafFirst) {
        return FrameCategories.of(List.of(leafFirst));
    }

    @Test
    void aHashFunctionUnderAnItemIsExecution() {
        assertEquals(FrameCategories.EXECUTE, of("my_sha256", "Item_func_sha2::val_str_ascii",
                "Item_func_benchmark::val_int", "JOIN::exec_inner", "mysql_select", "mysql_execute_command",
                "mysql_parse", "dispatch_command"));
    }

    @Test
    void spinningInAnInnodbLockIsLockEvenUnderTheStorageEngine() {
        assertEquals(FrameCategories.LOCK, of("ut_delay", "srw_mutex_impl<true>::wait_and_lock", "buf_page_get_gen",
                "btr_cur_t::search_leaf", "row_search_mvcc", "ha_innobase::index_read"));
    }

    @Test
    void aFutexWaitIsLockWhateverCalledIt() {
        assertEquals(FrameCategories.LOCK, of("finish_task_switch.isra.0_[k]", "schedule_[k]", "futex_wait_queue_[k]",
                "futex_wait_[k]", "do_syscall_64_[k]", "__futex_abstimed_wait_common", "pthread_cond_wait",
                "row_search_mvcc"));
    }

    @Test
    void aKernelSpinlockInTheTcpStackIsNetwork() {
        assertEquals(FrameCategories.NETWORK, of("_raw_spin_lock_bh_[k]", "lock_sock_nested_[k]",
                "tcp_sendmsg_[k]", "__sys_sendto_[k]", "do_syscall_64_[k]", "__send", "vio_write", "net_real_write"));
    }

    @Test
    void aSystemCallNoRuleNamesIsKernelNotItsCaller() {
        assertEquals(FrameCategories.KERNEL, of("clear_page_erms_[k]", "do_anonymous_page_[k]", "__handle_mm_fault_[k]",
                "exc_page_fault_[k]", "asm_exc_page_fault_[k]", "row_search_mvcc"));
        assertEquals(FrameCategories.KERNEL, of("getrusage_[k]", "do_syscall_64_[k]", "getrusage", "THD::init"));
    }

    @Test
    void fsyncIsIo() {
        assertEquals(FrameCategories.IO, of("ext4_sync_file_[k]", "vfs_fsync_range_[k]", "do_fsync_[k]",
                "do_syscall_64_[k]", "fdatasync", "os_file_flush_func", "log_write_up_to", "trx_commit"));
    }

    @Test
    void theParserAndOptimiser() {
        assertEquals(FrameCategories.PARSE, of("MYSQLparse", "parse_sql", "mysql_parse"));
        assertEquals(FrameCategories.PARSE, of("memcpy", "SQL_SELECT::test_quick_select", "make_join_statistics",
                "JOIN::optimize_inner", "mysql_select"));
    }

    @Test
    void theStorageEngine() {
        assertEquals(FrameCategories.STORAGE, of("rec_get_offsets_func", "page_cur_search_with_match",
                "btr_cur_t::search_leaf", "row_search_mvcc", "ha_innobase::index_read", "handler::ha_index_read_map",
                "join_read_const", "JOIN::exec_inner"));
    }

    @Test
    void unmatchedUserCodeIsOther() {
        assertEquals(FrameCategories.OTHER, of("malloc", "[unknown]"));
        assertEquals(FrameCategories.OTHER, of("do_command", "do_handle_one_connection", "handle_one_connection"));
    }
}
