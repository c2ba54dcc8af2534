package io.clusterbench.sandbox;

import io.clusterbench.lifecycle.Lifecycle;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sandbox command's helper process is the command's lifecycle's while it is waited for. */
class ChildrenTest {
    @Test
    void aStopKillsTheHelperProcessTheCommandWaitsFor() throws Exception {
        Lifecycle life = Lifecycle.detached();
        Process p = new ProcessBuilder("sleep", "60").start();
        CompletableFuture<Boolean> waited = CompletableFuture.supplyAsync(() -> {
            try {
                return Children.await(p, Duration.ofMinutes(5), life, "mariadbd --wsrep-recover");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);
        long start = System.nanoTime();
        life.closeAll(Lifecycle.CLOSE_DEADLINE); // what a Ctrl-C does to a command that measured nothing
        assertFalse(waited.get(5, TimeUnit.SECONDS), "the wait ends: the helper was killed");
        assertTrue(p.waitFor(2, TimeUnit.SECONDS), "no helper left running");
        assertTrue((System.nanoTime() - start) / 1e9 < 1.0);
    }

    @Test
    void aHelperThatEndsOnItsOwnIsReleasedNotKilled() throws Exception {
        Lifecycle life = Lifecycle.detached();
        Process p = new ProcessBuilder("true").start();
        assertTrue(Children.await(p, Duration.ofSeconds(30), life, "true"));
        life.closeAll(Lifecycle.CLOSE_DEADLINE);
        assertTrue(life.abandoned().isEmpty());
    }
}
