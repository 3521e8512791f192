package io.redwire.nodes.thrift.codec;

import io.redwire.js.JsValues;
import io.redwire.msg.Json;

import java.nio.charset.StandardCharsets;

/** Map keys as a JavaScript object holds them: strings, converted to and from the IDL key type. */
final class MapKeys {
    private MapKeys() {
    }

    /** Map keys become strings, as they would in a JavaScript object. */
    static String toKey(Object key) {
        if (key instanceof String s) {
            return s;
        }
        if (key instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        if (key instanceof Double d) {
            return JsValues.numberToString(d);
        }
        if (key instanceof Number || key instanceof Boolean) {
            return key.toString();
        }
        return Json.stringify(key);
    }

    /** A map key back from its string form to a value of the key type. */
    static Object fromKey(TypeDef keyType, String key) {
        if (keyType == TypeDef.Scalar.STRING || keyType == TypeDef.Scalar.BINARY || keyType instanceof EnumDef) {
            return key;
        }
        if (keyType == TypeDef.Scalar.BOOL) {
            if (!"true".equals(key) && !"false".equals(key)) {
                throw ValueException.expected(keyType, key);
            }
            return Boolean.parseBoolean(key);
        }
        if (keyType == TypeDef.Scalar.DOUBLE) {
            double d = JsValues.stringToNumber(key);
            if (Double.isNaN(d) && !"NaN".equals(key)) {
                throw ValueException.expected(keyType, key);
            }
            return d;
        }
        if (keyType instanceof TypeDef.Scalar) {
            if (!ValueWriter.INTEGER.matcher(key).matches()) {
                throw ValueException.expected(keyType, key);
            }
            return ValueWriter.parseLong(key);
        }
        try {
            return Json.parse(key); // struct and container keys travel as their JSON text
        } catch (Exception e) {
            throw new ValueException("map key " + Json.stringify(key) + " is not the JSON of a " + keyType.idlName());
        }
    }
}
