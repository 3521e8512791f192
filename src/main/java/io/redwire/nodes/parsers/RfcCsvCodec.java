package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.msg.NodeError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The csv node in RFC 4180 mode: Node-RED 5's conversions, header handling and row collection, message by message. */
final class RfcCsvCodec extends CsvCodec {
    private static final String BAD_TEMPLATE = "Malformed columns template.";

    private final boolean badConfigTemplate;
    private List<String> template;
    private boolean warnedNoTemplate;

    RfcCsvCodec(CsvNode node, CsvNode.Settings s) {
        super(node, s);
        boolean bad = false;
        try {
            template = configTemplate();
        } catch (NodeError e) {
            bad = true;
        }
        this.badConfigTemplate = bad;
    }

    private List<String> configTemplate() {
        List<String> t = RfcCsv.columns(s.template(), ',');
        return t == null ? List.of("") : t;
    }

    private static boolean hasTemplate(List<String> t) {
        return t != null && !t.isEmpty() && !(t.size() == 1 && t.get(0).isEmpty());
    }

    @Override
    boolean accepts(Done done) {
        if (badConfigTemplate) {
            // Node-RED does not hook such a node up at all: the message goes nowhere
            node.status(Map.of("fill", "red", "shape", "dot", "text", BAD_TEMPLATE));
            done.done();
            return false;
        }
        node.status(Map.of());
        return true;
    }

    @Override
    void unsupported(Done done) {
        // unlike legacy mode, an error the flow can catch, with a status
        node.status(Map.of("fill", "red", "shape", "dot", "text", "This node only handles CSV strings or js objects."));
        done.done(new NodeError("Error: This node only handles CSV strings or js objects."));
    }

    // ---- object -> CSV -------------------------------------------------------------------------------------

    @Override
    void toCsv(Map<String, Object> msg, Done done) {
        Object payload = msg.get("payload");
        List<Object> rows;
        boolean arrays;
        if (payload instanceof List<?> list) {
            Object first = list.isEmpty() ? null : list.get(0);
            boolean primitives = !list.isEmpty() && !(first == null || first instanceof Map || first instanceof List
                    || first instanceof byte[]);
            rows = primitives ? List.of(list) : new ArrayList<>(list);
            arrays = primitives || first instanceof List;
        } else {
            if (payload == null) {
                throw new NodeError("TypeError: Cannot convert undefined or null to object");
            }
            rows = List.of(payload);
            arrays = false;
        }
        Map<?, ?> parts = CsvCells.parts(msg);
        boolean continuing = !hasTemplate(configTemplate()) && parts != null && parts.containsKey("index")
                && CsvCells.partsInt(parts, "index") > 0;
        if (!continuing) {
            template = configTemplate();
        }
        List<String> lines = new ArrayList<>();
        if (!"none".equals(s.hdrout()) && !hdrSent) {
            if (!hasTemplate(template)) {
                template = msg.containsKey("columns") ? orEmpty(columnsOf(msg.get("columns"))) : CsvCells.keysOf(rows.get(0));
            }
            lines.add(joinQuoted(template, s.sep(), true));
            if ("once".equals(s.hdrout())) {
                hdrSent = true;
            }
        }
        for (Object row : rows) {
            if (arrays) {
                lines.add(arrayRow(row));
            } else {
                lines.add(objectRow(msg, row, rows.get(0)));
            }
        }
        msg.put("payload", String.join(s.ret(), lines) + s.ret());
        msg.put("columns", template == null ? "" : joinQuoted(template, ',', false));
        node.send(msg);
        done.done();
    }

    private String arrayRow(Object row) {
        List<?> cells = row instanceof List<?> l ? l : List.of();
        boolean templated = hasTemplate(template);
        int len = templated ? template.size() : cells.size();
        List<String> out = new ArrayList<>();
        for (int t = 0; t < len; t++) {
            Object cell = t < cells.size() ? cells.get(t) : "";
            out.add(templated && template.get(t).isEmpty() ? ""
                    : RfcCsv.quoteCell(CsvCells.ensureString(cell), '"', s.sep()));
        }
        return String.join(String.valueOf(s.sep()), out);
    }

    private String objectRow(Map<String, Object> msg, Object row, Object firstRow) {
        if (!hasTemplate(template) && msg.containsKey("columns")) {
            template = columnsOf(msg.get("columns"));
        }
        List<String> out = new ArrayList<>();
        if (!hasTemplate(template)) {
            if (!warnedNoTemplate) {
                node.warn("No columns template specified for object -> CSV.");
                warnedNoTemplate = true;
            }
            template = CsvCells.keysOf(row);
            for (String key : CsvCells.keysOf(firstRow)) {
                Object cell = CsvCells.cell(row, key);
                if (CsvCells.hasCell(row, key) && !(cell == null || cell instanceof Map || cell instanceof List)) {
                    out.add(RfcCsv.quoteCell(CsvCells.ensureString(cell), '"', s.sep()));
                }
            }
        } else {
            for (String key : template) {
                if (key == null || key.isEmpty()) {
                    out.add("");
                } else {
                    Object cell = CsvCells.hasCell(row, key) ? CsvCells.cell(row, key) : "";
                    out.add(RfcCsv.quoteCell(CsvCells.ensureString(cell), '"', s.sep()));
                }
            }
        }
        return String.join(String.valueOf(s.sep()), out);
    }

    private static List<String> columnsOf(Object columns) {
        String text = columns == null || Boolean.FALSE.equals(columns) ? "" : CsvCells.ensureString(columns);
        return RfcCsv.columns(text, ',');
    }

    private static List<String> orEmpty(List<String> t) {
        return t == null ? List.of("") : t;
    }


    /** A column list as text: with keepEmpty every column (in the data separator), else only the named ones. */
    private static String joinQuoted(List<String> columns, char sep, boolean keepEmpty) {
        List<String> out = new ArrayList<>();
        for (String c : columns) {
            if (keepEmpty || c != null && !c.isEmpty()) {
                out.add(RfcCsv.quoteCell(c == null ? "" : c, '"', sep));
            }
        }
        return String.join(String.valueOf(sep), out);
    }

    // ---- CSV -> objects ------------------------------------------------------------------------------------

    @Override
    void fromCsv(Map<String, Object> msg, String input, Done done) {
        CsvCells.SplitPosition at = CsvCells.SplitPosition.of(msg, s.skip());
        boolean firstLine = at.first();
        int linecount = at.linecount();
        int cursor = 0;
        if (s.skip() > 0 && linecount < s.skip()) {
            // like Node-RED, every \r and every \n counts as a line, so a CRLF counts twice
            for (; cursor < input.length() && linecount < s.skip(); cursor++) {
                char c = input.charAt(cursor);
                if (c == '\r' || c == '\n') {
                    linecount++;
                }
            }
            if (cursor >= input.length()) {
                done.done(); // all of it skipped (Node-RED returns without calling done)
                return;
            }
        }
        int breaks = 0;
        for (int i = cursor; i < input.length(); i++) {
            char c = input.charAt(i);
            if (c == '\r' || c == '\n') {
                breaks++;
            }
        }
        if (at.hasParts() && !s.multiOne() && breaks > 1) {
            firstLine = true;
        }
        if (firstLine && s.hdrin()) {
            RfcCsv.Options h = new RfcCsv.Options();
            h.cursor = cursor;
            h.separator = s.sep();
            h.headersOnly = true;
            h.strict = true;
            h.maxFields = s.maxFields();
            try {
                RfcCsv.Result header = RfcCsv.parse(input, h);
                template = header.headers();
                cursor = header.cursor();
            } catch (NodeError e) {
                node.status(Map.of("fill", "red", "shape", "dot", "text", BAD_TEMPLATE));
                throw e;
            }
        }
        RfcCsv.Options o = new RfcCsv.Options();
        o.cursor = cursor;
        o.separator = s.sep();
        o.dataHasHeaderRow = false;
        o.headers = hasTemplate(template) ? template : null;
        o.includeNullValues = s.includeNullValues();
        o.includeEmptyStrings = s.includeEmptyStrings();
        o.parseNumeric = s.parseStrings();
        o.maxFields = s.maxFields();
        RfcCsv.Result result = RfcCsv.parse(input, o);
        List<Map<String, Object>> data = result.objects(o);
        String columns = result.header();
        sendParsed(msg, at, breaks, data, data, columns);
        done.done();
    }
}
