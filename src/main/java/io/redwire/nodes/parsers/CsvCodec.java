package io.redwire.nodes.parsers;

import io.redwire.api.Done;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One of the csv node's two conversions (legacy, RFC 4180) and the state both keep across messages: whether the
 * header went out, and the rows of a split text collected until its last part. Each calls done once it has sent
 * what it sends.
 */
abstract class CsvCodec {
    protected final CsvNode node;
    protected final CsvNode.Settings s;
    protected boolean hdrSent;
    private final List<Map<String, Object>> store = new ArrayList<>();

    CsvCodec(CsvNode node, CsvNode.Settings s) {
        this.node = node;
        this.s = s;
    }

    /** False when the node takes no input at all (it has already called done). */
    boolean accepts(Done done) {
        return true;
    }

    /** msg.reset: the next object -> CSV message gets the header again. */
    void resetHeader() {
        hdrSent = false;
    }

    abstract void fromCsv(Map<String, Object> msg, String text, Done done);

    abstract void toCsv(Map<String, Object> msg, Done done);

    abstract void unsupported(Done done);

    /**
     * Sends what one input parsed to: one msg per row ("multiOne"), or the rows as one array — where the input is
     * one line of a split text, {@code partial} is collected until its final part.
     */
    protected final void sendParsed(Map<String, Object> msg, CsvCells.SplitPosition at, int breaks,
                                    List<Map<String, Object>> rows, List<Map<String, Object>> partial,
                                    String columns) {
        if (s.multiOne()) {
            CsvCells.sendRows(node, s, msg, rows, columns, at.hasParts(), at.last());
        } else if (at.hasParts() && breaks <= 1) {
            store.addAll(partial);
            if (at.isFinalPart()) {
                msg.put("payload", new ArrayList<>(store));
                msg.put("columns", columns);
                msg.remove("parts");
                node.send(msg);
                store.clear();
            }
        } else {
            msg.put("payload", new ArrayList<Object>(rows));
            msg.put("columns", columns);
            node.send(msg);
        }
    }
}
