package io.clusterbench.sandbox;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Port layout and option file of sandbox nodes (galera-local.md §1), and bad deploy options. */
class GaleraConfigTest {

    @Test
    void eachNodeGetsFourDistinctPortsTenApart() {
        SandboxNode n1 = SandboxNode.planned(1, 5500);
        SandboxNode n3 = SandboxNode.planned(3, 5500);
        assertEquals(List.of(5500, 5501, 5502, 5503), List.of(n1.sqlPort(), n1.galeraPort(), n1.istPort(), n1.sstPort()));
        assertEquals(5520, n3.sqlPort());
        assertEquals(5523, n3.sstPort());
        assertEquals("n3", n3.name());
    }

    @Test
    void optionFileFollowsTheLoopbackRecipe() {
        List<SandboxNode> nodes = List.of(SandboxNode.planned(1, 5500), SandboxNode.planned(2, 5500));
        SandboxState state = new SandboxState(SandboxState.SCHEMA, "galera", "cb", "sbtest", "sbtest", 5500, 2, nodes);
        GaleraInstall install = new GaleraInstall(Path.of("/usr/sbin/mariadbd"), Path.of("/usr/bin/mariadb-install-db"),
                Path.of("/usr/lib/galera/libgalera_smm.so"));
        String cnf = GaleraConfig.text(Path.of("/tmp/sb"), nodes.get(1), nodes, state, install, "mysql");
        assertTrue(cnf.contains("user=mysql\n"), cnf);
        assertTrue(cnf.contains("port=5510\n"), cnf);
        assertTrue(cnf.contains("wsrep_cluster_address=gcomm://127.0.0.1:5501,127.0.0.1:5511\n"), cnf);
        assertTrue(cnf.contains("wsrep_node_address=127.0.0.1:5511\n"), cnf);
        assertTrue(cnf.contains("gmcast.listen_addr=tcp://127.0.0.1:5511;ist.recv_addr=127.0.0.1:5512;gcache.size=512M"),
                cnf);
        assertTrue(cnf.contains("wsrep_sst_receive_address=127.0.0.1:5513\n"), cnf);
        assertTrue(cnf.contains("innodb_buffer_pool_size=64M\n"), cnf);
        assertTrue(cnf.contains("datadir=/tmp/sb/n2/data\n"), cnf);
        assertTrue(!cnf.contains("gcomm://\n"), "never an empty gcomm:// in a config file");
    }

    @Test
    void behindTheRelayANodeBindsItsPrivateAddressAndAdvertisesItsPublicOne() {
        List<SandboxNode> nodes = List.of(SandboxNode.planned(1, 5500), SandboxNode.planned(2, 5500));
        SandboxState state = new SandboxState(SandboxState.SCHEMA, "galera", "cb", "sbtest", "sbtest", 5500, 2, nodes,
                true);
        GaleraInstall install = new GaleraInstall(Path.of("/usr/sbin/mariadbd"), Path.of("/usr/bin/mariadb-install-db"),
                Path.of("/usr/lib/galera/libgalera_smm.so"));
        String cnf = GaleraConfig.text(Path.of("/tmp/sb"), nodes.get(1), nodes, state, install, "mysql");
        assertTrue(cnf.contains("wsrep_cluster_address=gcomm://127.0.2.1:5501,127.0.2.2:5511\n"), cnf);
        assertTrue(cnf.contains("wsrep_node_address=127.0.2.2:5511\n"), cnf);
        assertTrue(cnf.contains("gmcast.listen_addr=tcp://127.0.1.2:5511;ist.recv_addr=127.0.2.2:5512;"
                + "ist.recv_bind=127.0.1.2:5512;"), cnf);
        assertTrue(cnf.contains("port=5510\n") && cnf.contains("bind-address=127.0.0.1\n"), "SQL stays on 127.0.0.1");
    }

    @Test
    void badDeployOptionsAreOneLineAndExit2() {
        Cli.Result r = Cli.run("sandbox", "galera", "--nodes", "0", "--base-port", "80", "--dir", "/tmp/cb-never");
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--nodes must be 1-9") && r.err().contains("--base-port"), r.err());
    }
}
