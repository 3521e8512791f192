package io.redwire.flow;

import io.redwire.msg.FlowException;
import io.redwire.msg.Json;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads a Node-RED flows file: a JSON array of objects, each with a string id and type. */
public final class FlowFileReader {
    private FlowFileReader() {
    }

    public static List<Map<String, Object>> read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new FlowException("cannot read flows file " + file + ": " + e.getMessage(), e);
        }
        return parse(text, file.toString());
    }

    public static List<Map<String, Object>> parse(String text, String source) {
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            String where = loc == null ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr();
            throw new FlowException("malformed JSON in " + source + where + ": " + e.getOriginalMessage(), e);
        }
        return validateShape(parsed, source);
    }

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> validateShape(Object parsed, String source) {
        if (parsed instanceof Map<?, ?> m && m.get("flows") instanceof List<?> inner) {
            parsed = inner; // a v2 {flows, rev} document
        }
        if (!(parsed instanceof List<?> list)) {
            throw new FlowException(source + ": a flows file must be a JSON array of node objects");
        }
        List<Map<String, Object>> nodes = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            Object o = list.get(i);
            if (!(o instanceof Map<?, ?> node)) {
                throw new FlowException(source + ": element " + i + " is not an object");
            }
            if (!(node.get("id") instanceof String id) || id.isEmpty()) {
                throw new FlowException(source + ": element " + i + " has no string field 'id'");
            }
            if (!(node.get("type") instanceof String)) {
                throw new FlowException(source + ": node " + id + " has no string field 'type'");
            }
            nodes.add((Map<String, Object>) node);
        }
        return nodes;
    }
}
