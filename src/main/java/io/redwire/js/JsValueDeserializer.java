package io.redwire.js;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON.parse into message values: objects keep key order, integers beyond a long become doubles (JavaScript has
 * no big integers in JSON.parse), everything else as Jackson's natural types.
 */
public final class JsValueDeserializer extends JsonDeserializer<Object> {
    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
        return read(p, p.currentToken());
    }

    private static Object read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                String key;
                while ((key = p.nextFieldName()) != null) {
                    m.put(key, read(p, p.nextToken()));
                }
                return m;
            }
            case FIELD_NAME: {
                Map<String, Object> m = new LinkedHashMap<>();
                String key = p.currentName();
                do {
                    m.put(key, read(p, p.nextToken()));
                } while ((key = p.nextFieldName()) != null);
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                JsonToken n;
                while ((n = p.nextToken()) != JsonToken.END_ARRAY) {
                    l.add(read(p, n));
                }
                return l;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return switch (p.getNumberType()) {
                    case INT -> p.getIntValue();
                    case LONG -> p.getLongValue();
                    default -> p.getDoubleValue();
                };
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IOException("unexpected JSON token " + t);
        }
    }
}
