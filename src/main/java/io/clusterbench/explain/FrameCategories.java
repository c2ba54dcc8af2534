package io.clusterbench.explain;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Sorts an on-CPU sample into one category by the functions on its stack (docs/explain.md, "Categories", which
 * lists these rules): walking from the leaf towards the root, the first function that a category's rule matches
 * decides, the categories tried in the order {@code lock}, {@code I/O}, {@code network}, {@code parse/optimise},
 * {@code storage engine}, {@code execute}. Kernel frames come first on a stack and are matched against the I/O and
 * network rules and, for locks, only the futex (the kernel side of a user-space lock; the kernel's own spinlocks
 * count as the work they protect): when none of them matches, a sample taken in an interrupt or exception is
 * {@code kernel}; one in a system call takes the category of the lock, I/O or network code that called it, else it
 * is {@code kernel} too. A user-space sample that nothing matches is
 * {@code other}. The rules name MariaDB/MySQL and Linux functions; a server built otherwise shows more
 * {@code other}.
 *
 * <p>Thread-safe (immutable).
 */
final class FrameCategories {
    static final String LOCK = "lock";
    static final String IO = "I/O";
    static final String NETWORK = "network";
    static final String PARSE = "parse/optimise";
    static final String STORAGE = "storage engine";
    static final String EXECUTE = "execute";
    static final String KERNEL = "kernel";
    static final String OTHER = "other";
    /** Every category, in the order the console lists them when their shares tie. */
    static final List<String> ALL = List.of(LOCK, IO, NETWORK, PARSE, STORAGE, EXECUTE, KERNEL, OTHER);

    private record Rule(String category, Pattern pattern) {
    }

    private static final List<Rule> RULES = List.of(
            new Rule(LOCK, Pattern.compile("ut_delay|srw_|ssux_lock|sux_lock|wait_and_lock|rd_wait|wr_wait"
                    + "|^lock_|lock_sys|trx_lock|os_event|pthread_mutex_(lock|unlock|trylock)|pthread_cond_"
                    + "|pthread_rwlock|__lll_lock|lll_mutex|futex|spin_lock|queued_spin|MDL_context::|MDL_wait"
                    + "|MDL_lock|MDL_map|thr_lock|thr_multi_lock|mysql_lock_tables|inline_mysql_mutex|psi_mutex"
                    + "|psi_rwlock|my_cond_|TTASEventMutex|PolicyMutex|rw_lock_|mutex_enter|mutex_exit|sync_array"
                    + "|group_commit_lock|std::mutex")),
            new Rule(IO, Pattern.compile("os_file_|fil_io|fil_space_t::io|buf_dblwr|log_write|log_flush|fsync"
                    + "|fdatasync|pwrite|pread|io_submit|io_getevents|io_uring|^aio|_aio|ext4_|xfs_|btrfs_|blk_"
                    + "|vfs_read|vfs_write|vfs_fsync|iomap_|submit_bio|generic_perform_write|file_write_iter"
                    + "|file_read_iter|filemap_write|my_pwrite|my_pread|^my_write|^my_read|my_sync|tpool::aio"
                    + "|^bio_|jbd2")),
            new Rule(NETWORK, Pattern.compile("^vio_|net_read|net_write|my_net_|net_real_write|net_flush"
                    + "|^Protocol|send_result_set|select_send::send|sendmsg|sendto|recvfrom|recvmsg|^__send"
                    + "|^__libc_send|^__libc_recv|^recv$|^__recv|do_sys_poll|^poll$|^__poll|tcp_|^sock_|^inet_"
                    + "|__sys_send|__sys_recv|skb|^ip_|__netif|netif_|loopback|napi|dev_queue_xmit|net_rx"
                    + "|__dev_|_copy_to_iter|_copy_from_iter|sock_def_|unix_stream|ep_poll|epoll")),
            new Rule(PARSE, Pattern.compile("^MYSQLparse|^ORAparse|Lex_input_stream|^lex_|THD::sql_parser"
                    + "|^parse_sql|^LEX::|^st_select_lex::|^SELECT_LEX::|JOIN::optimize|JOIN::prepare|make_join_"
                    + "|best_access_path|best_extension|choose_plan|greedy_search|get_best_combination"
                    + "|test_quick_select|SQL_SELECT::|get_key_scans|check_quick|fix_fields|setup_fields"
                    + "|setup_tables|setup_conds|find_field_in|mysql_prepare|Prepared_statement::prepare"
                    + "|optimize_cond|substitute_for_best_equal|build_equal_items|update_ref_and_keys"
                    + "|add_key_fields|make_cond_for_table|opt_range|Sql_cmd_dml::prepare|^mysql_test_"
                    + "|check_access|check_table_access|check_grant|get_mm_tree|SEL_ARG|records_in_range"
                    + "|JOIN::choose|JOIN::make|JOIN::get_best|JOIN_TAB::|^cost_|Item::walk|Item_func::walk")),
            new Rule(STORAGE, Pattern.compile("^ha_innobase|^innobase_|^row_|^btr_|^buf_|^page_|^mtr_|^trx_"
                    + "|^fil_|^fsp_|^rec_|^dict_|^que_|^log_|^ibuf_|^fseg_|^mlog_|^dtuple|^dfield|^cmp_|^ut_"
                    + "|^mem_heap|purge|^srv_|^handler::|^ha_|^mach_|^dtype|^rtr_|^fts_|^Mrr_|^DsMrr|^innodb"
                    + "|^maria_|^_ma_|^mi_|^_mi_|^heap_|^hp_|^ha_myisam|^ha_maria|^ha_heap|^lf_")),
            new Rule(EXECUTE, Pattern.compile("^JOIN::|sub_select|evaluate_join_record|end_send|join_read_"
                    + "|join_init_|^Item|^Field|select_send|select_result|mysql_update|mysql_insert|mysql_delete"
                    + "|write_record|fill_record|copy_fields|mysql_execute_command|Prepared_statement::execute"
                    + "|mysql_stmt_execute|mysqld_stmt_execute|find_prepared_statement|^sp_|^Sql_cmd"
                    + "|handle_select|mysql_select|trans_commit|trans_begin|trans_rollback|open_tables|open_table"
                    + "|close_thread_tables|^THD::|filesort|^Filesort|^Sort_|^my_qsort|^Type_handler|^TABLE::"
                    + "|^Table_|^st_join_table|^Query_arena|^mysql_do|^Arg_comparator|^sortlength|^make_sortkey"
                    + "|^st_table|^multi_update|^Explain|^Query_cache|^Rows_log_event|^Log_event|^binlog"
                    + "|^MYSQL_BIN_LOG|^wsrep|^tc_log|^commit_one|^handlerton|^Statement|^Server_side_cursor")));

    /** The kernel side of a user-space lock (a futex wait or wake). */
    private static final Pattern FUTEX = Pattern.compile("futex");

    /** Interrupt and exception entry points: a kernel-only match here makes the sample {@code kernel}. */
    private static final Pattern INTERRUPT = Pattern.compile("^asm_(sysvec|common_interrupt|exc_)|irq_exit"
            + "|handle_softirqs|__do_softirq|irqentry_|^sysvec_|do_IRQ|page_fault|exc_page_fault");

    private FrameCategories() {
    }

    /**
     * @param leafFirst the sample's frames, leaf first, without the thread-name root; kernel frames end in
     *                  {@link PerfScriptFolder#KERNEL_SUFFIX}
     * @return the sample's category, one of {@link #ALL}
     */
    static String of(List<String> leafFirst) {
        int i = 0;
        boolean interrupt = false;
        while (i < leafFirst.size() && leafFirst.get(i).endsWith(PerfScriptFolder.KERNEL_SUFFIX)) {
            String f = kernelName(leafFirst.get(i));
            if (FUTEX.matcher(f).find()) {
                return LOCK;
            }
            String c = matchKernel(f);
            if (c != null) {
                return c;
            }
            interrupt |= INTERRUPT.matcher(f).find();
            i++;
        }
        boolean inKernel = i > 0;
        if (inKernel && interrupt) {
            return KERNEL;
        }
        int tried = inKernel ? 3 : RULES.size(); // a system call: only lock, I/O or network code explains it
        for (; i < leafFirst.size(); i++) {
            String c = match(leafFirst.get(i), tried);
            if (c != null) {
                return c;
            }
        }
        return inKernel ? KERNEL : OTHER;
    }

    private static String kernelName(String frame) {
        return frame.substring(0, frame.length() - PerfScriptFolder.KERNEL_SUFFIX.length());
    }

    /** @return I/O or network when a kernel function belongs to them, else null */
    private static String matchKernel(String frame) {
        for (Rule r : RULES.subList(1, 3)) {
            if (r.pattern().matcher(frame).find()) {
                return r.category();
            }
        }
        return null;
    }

    /** @return the category of the first of the first {@code rules} rules that matches {@code frame}, or null */
    private static String match(String frame, int rules) {
        for (int r = 0; r < rules; r++) {
            if (RULES.get(r).pattern().matcher(frame).find()) {
                return RULES.get(r).category();
            }
        }
        return null;
    }
}
