package io.clusterbench.fault;

import io.clusterbench.UserException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Faults on any server through user-given shell commands ({@code --fault-cmd ACTION=COMMAND}), so one schedule
 * drives a sandbox, systemd units or pods. In the command {@code {node}} becomes the node name ({@code n3}),
 * {@code {index}} its number, {@code {host}} and {@code {port}} its endpoint; the same values are in the
 * environment as {@code CB_NODE}, {@code CB_NODE_INDEX}, {@code CB_HOST}, {@code CB_PORT}. The command runs with
 * {@code /bin/sh -c}; exit status 0 is success. Example:
 * {@code --fault-cmd 'kill=ssh db{index} sudo systemctl kill -s KILL mariadb'}.
 *
 * <p>Confined to the fault thread.
 */
public final class CommandControl implements NodeControl {
    /** A command that has not finished after this long is killed and the step fails. */
    static final long COMMAND_TIMEOUT_SECONDS = 300;
    private final Map<FaultSchedule.Action, String> commands;
    private final List<String> endpoints;

    private CommandControl(Map<FaultSchedule.Action, String> commands, List<String> endpoints) {
        this.commands = commands;
        this.endpoints = endpoints;
    }

    /**
     * @param specs     {@code ACTION=COMMAND} strings as given
     * @param endpoints {@code host:port} of every endpoint, in order (node K is the K-th)
     * @throws UserException for an unknown action or a missing command
     */
    public static CommandControl parse(List<String> specs, List<String> endpoints) {
        Map<FaultSchedule.Action, String> commands = new EnumMap<>(FaultSchedule.Action.class);
        for (String spec : specs) {
            int eq = spec.indexOf('=');
            FaultSchedule.Action action = null;
            if (eq > 0) {
                try {
                    action = FaultSchedule.Action.valueOf(spec.substring(0, eq).strip().toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    action = null;
                }
            }
            if (action == null || action == FaultSchedule.Action.SQL || spec.substring(eq + 1).isBlank()) {
                throw new UserException("invalid --fault-cmd '" + spec + "'",
                        "write ACTION=COMMAND with ACTION one of kill, pause, resume, stop, start, restart");
            }
            commands.put(action, spec.substring(eq + 1).strip());
        }
        return new CommandControl(commands, endpoints);
    }

    /** @return true when a command is given for {@code action} */
    public boolean handles(FaultSchedule.Action action) {
        return commands.containsKey(action);
    }

    @Override
    public String describe() {
        return "commands for " + String.join(", ", commands.keySet().stream().map(FaultSchedule.Action::label).toList());
    }

    @Override
    public Outcome act(FaultSchedule.Action action, String node, long startedNanos) {
        String template = commands.get(action);
        if (template == null) {
            return new Outcome(false, "no --fault-cmd for " + action.label(), null);
        }
        int index = Integer.parseInt(node.substring(1));
        String endpoint = index <= endpoints.size() ? endpoints.get(index - 1) : "";
        int colon = endpoint.lastIndexOf(':');
        String host = colon > 0 ? endpoint.substring(0, colon) : endpoint;
        String port = colon > 0 ? endpoint.substring(colon + 1) : "";
        String command = template.replace("{node}", node).replace("{index}", Integer.toString(index))
                .replace("{host}", host).replace("{port}", port);
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true);
        pb.environment().put("CB_NODE", node);
        pb.environment().put("CB_NODE_INDEX", Integer.toString(index));
        pb.environment().put("CB_HOST", host);
        pb.environment().put("CB_PORT", port);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] output = p.getInputStream().readNBytes(4096);
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Outcome(false, "command did not finish within " + COMMAND_TIMEOUT_SECONDS + " s", null);
            }
            String text = new String(output, StandardCharsets.UTF_8).strip().replace('\n', ' ');
            if (text.length() > 200) {
                text = text.substring(0, 200) + "...";
            }
            return new Outcome(p.exitValue() == 0, "command exited " + p.exitValue() + (text.isEmpty() ? "" : ": " + text),
                    null);
        } catch (IOException e) {
            return new Outcome(false, "command failed: " + e.getMessage(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(false, "interrupted", null);
        }
    }
}
