package io.clusterbench.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the Galera observer found over a run ({@code observerFacts.galera}; docs/metrics.md, "Galera per node" and
 * "Galera totals"): the nodes it observed, the flow-control settings of the provider, and per node the totals of
 * the measured time. Written as one object: {@code observedNodes}, then each setting as a field
 * {@code provider.<name>}, then {@code totals} when sampling had begun. Immutable.
 *
 * @param observedNodes {@code name=endpoint} of each observed node, in node order
 * @param provider      provider settings by name without the {@code provider.} prefix (e.g. {@code gcs.fc_limit}), in
 *                      the order read
 * @param totals        per node name, the totals of the measured time; empty before sampling began
 */
@JsonSerialize(using = GaleraFacts.Writer.class)
@JsonDeserialize(using = GaleraFacts.Reader.class)
public record GaleraFacts(List<String> observedNodes, Map<String, String> provider, Map<String, NodeTotals> totals) {
    private static final String PREFIX = "provider.";

    public GaleraFacts {
        observedNodes = observedNodes == null ? List.of() : List.copyOf(observedNodes);
        provider = provider == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(provider));
        totals = totals == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(totals));
    }

    /** @return these facts with {@code nodeTotals} as the totals */
    public GaleraFacts withTotals(Map<String, NodeTotals> nodeTotals) {
        return new GaleraFacts(observedNodes, provider, nodeTotals);
    }

    /**
     * One node's figures over the measured time (docs/metrics.md, "Galera per node": the same figures as an
     * interval's, from the baseline at the measured start to the last reading).
     *
     * @param observedSeconds           time between the baseline and the last reading, s
     * @param flowControlPausedFraction paused time ÷ observed time (0–1)
     * @param flowControlPausedMicros   replication paused by flow control, µs
     * @param flowControlEpisodes       pauses seen to begin by the polls
     * @param flowControlSentMessages   FC_PAUSE messages this node sent
     * @param flowControlRecvMessages   FC_PAUSE messages this node received
     * @param recvQueueWriteSets        receive queue at the last reading
     * @param recvQueueMaxWriteSets     largest receive queue seen
     * @param recvQueueMeanWriteSets    mean receive queue over the polls
     * @param sendQueueWriteSets        send queue at the last reading
     * @param sendQueueMaxWriteSets     largest send queue seen
     * @param sendQueueMeanWriteSets    mean send queue over the polls
     * @param certFailures              local transactions that failed certification
     * @param bfAborts                  local transactions brute-force aborted
     * @param replays                   brute-force aborted transactions replayed
     * @param commitLagTransactions     commit lag at the last reading, transactions
     * @param commitLagMaxTransactions  largest commit lag seen, transactions
     * @param stateChanges              local state or cluster status changes seen
     * @param polls                     readings the maxima and means are taken over
     * @param lastCommittedSeqno        {@code wsrep_last_committed} at the last reading
     * @param clusterSize               {@code wsrep_cluster_size} at the last reading
     * @param clusterStatus             {@code wsrep_cluster_status} at the last reading
     * @param localState                {@code wsrep_local_state_comment} at the last reading
     * @param gapIntervals              intervals whose counters were not differenced (the node restarted, another
     *                                  server answered, a counter went down: docs/metrics.md, "Counter resets"), left
     *                                  out of the counters above; not written when 0 (results before it was recorded)
     */
    public record NodeTotals(double observedSeconds, double flowControlPausedFraction, long flowControlPausedMicros,
                             long flowControlEpisodes, long flowControlSentMessages, long flowControlRecvMessages,
                             long recvQueueWriteSets, long recvQueueMaxWriteSets, double recvQueueMeanWriteSets,
                             long sendQueueWriteSets, long sendQueueMaxWriteSets, double sendQueueMeanWriteSets,
                             long certFailures, long bfAborts, long replays, long commitLagTransactions,
                             long commitLagMaxTransactions, long stateChanges, long polls, long lastCommittedSeqno,
                             long clusterSize, String clusterStatus, String localState,
                             @com.fasterxml.jackson.annotation.JsonInclude(
                                     com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                             long gapIntervals) {
    }

    /** Writes observedNodes, the settings as {@code provider.*} fields, then totals when there are any. */
    static final class Writer extends JsonSerializer<GaleraFacts> {
        @Override
        public void serialize(GaleraFacts f, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject();
            gen.writeFieldName("observedNodes");
            provider.defaultSerializeValue(f.observedNodes(), gen);
            for (Map.Entry<String, String> e : f.provider().entrySet()) {
                gen.writeStringField(PREFIX + e.getKey(), e.getValue());
            }
            if (!f.totals().isEmpty()) {
                gen.writeFieldName("totals");
                provider.defaultSerializeValue(f.totals(), gen);
            }
            gen.writeEndObject();
        }
    }

    /** Reads the object {@link Writer} writes. */
    static final class Reader extends JsonDeserializer<GaleraFacts> {
        @Override
        public GaleraFacts deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            ObjectMapper mapper = (ObjectMapper) p.getCodec();
            JsonNode tree = p.readValueAsTree();
            List<String> nodes = new ArrayList<>();
            tree.path("observedNodes").forEach(n -> nodes.add(n.asText()));
            Map<String, String> settings = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getKey().startsWith(PREFIX)) {
                    settings.put(e.getKey().substring(PREFIX.length()), e.getValue().asText());
                }
            }
            Map<String, NodeTotals> totals = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = tree.path("totals").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                totals.put(e.getKey(), mapper.treeToValue(e.getValue(), NodeTotals.class));
            }
            return new GaleraFacts(nodes, settings, totals);
        }
    }
}
