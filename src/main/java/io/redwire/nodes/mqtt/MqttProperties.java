package io.redwire.nodes.mqtt;

import io.redwire.js.JsValues;
import io.redwire.msg.Json;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The MQTT 5 PUBLISH properties Node-RED 5.0.7's mqtt nodes read and write, under its msg names: responseTopic,
 * correlationData (a Buffer), contentType, messageExpiryInterval, payloadFormatIndicator, reasonString (received
 * only) and userProperties (string values; other values are sent as their JSON). Each is null when absent.
 */
record MqttProperties(String responseTopic, byte[] correlationData, String contentType, Long messageExpiryInterval,
                      Boolean payloadFormatIndicator, String reasonString, Map<String, String> userProperties) {

    static final MqttProperties NONE = new MqttProperties(null, null, null, null, null, null, null);

    /** Node-RED's setStrProp / setBufferProp / setIntProp / setBoolProp / setUserProperties from a msg. */
    static MqttProperties fromMsg(Map<String, Object> msg) {
        return new MqttProperties(text(msg.get("responseTopic")), bytes(msg.get("correlationData")),
                text(msg.get("contentType")), interval(msg), flag(msg.get("payloadFormatIndicator")), null,
                userProperties(msg.get("userProperties")));
    }

    /**
     * The v5 options of a birth / close / will message as the editor stores them (birthMsg, willMsg: respTopic,
     * correl, expiry, contentType, userProps as JSON text); null when there are none.
     */
    static MqttProperties fromEditor(Object options) {
        if (!(options instanceof Map<?, ?> m) || m.isEmpty()) {
            return null;
        }
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("responseTopic", m.containsKey("respTopic") ? m.get("respTopic") : m.get("responseTopic"));
        msg.put("correlationData", m.containsKey("correl") ? m.get("correl") : m.get("correlationData"));
        msg.put("contentType", m.get("contentType"));
        Object expiry = m.containsKey("expiry") ? m.get("expiry") : m.get("messageExpiryInterval");
        if (expiry != null && !"".equals(expiry)) {
            msg.put("messageExpiryInterval", expiry);
        }
        Object user = m.containsKey("userProps") ? m.get("userProps") : m.get("userProperties");
        MqttProperties p = fromMsg(msg);
        Map<String, String> users = user instanceof String text ? userPropertiesText(text) : userProperties(user);
        return new MqttProperties(p.responseTopic, p.correlationData, p.contentType, p.messageExpiryInterval, null,
                null, users);
    }

    /** Adds the present properties to a received msg, in Node-RED's order. */
    void putInto(Map<String, Object> msg) {
        if (responseTopic != null && !responseTopic.isEmpty()) {
            msg.put("responseTopic", responseTopic);
        }
        if (correlationData != null) {
            msg.put("correlationData", correlationData);
        }
        if (contentType != null && !contentType.isEmpty()) {
            msg.put("contentType", contentType);
        }
        if (messageExpiryInterval != null) {
            msg.put("messageExpiryInterval", messageExpiryInterval);
        }
        if (payloadFormatIndicator != null) {
            msg.put("payloadFormatIndicator", payloadFormatIndicator);
        }
        if (reasonString != null && !reasonString.isEmpty()) {
            msg.put("reasonString", reasonString);
        }
        if (userProperties != null && !userProperties.isEmpty()) {
            msg.put("userProperties", new LinkedHashMap<>(userProperties));
        }
    }

    /** Node-RED's setUserProperties: string values kept, others as JSON, null / undefined dropped; null when none. */
    static Map<String, String> userProperties(Object value) {
        if (!(value instanceof Map<?, ?> m) || m.isEmpty()) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        m.forEach((k, v) -> {
            if (v instanceof String s) {
                out.put(String.valueOf(k), s);
            } else if (v != null && v != io.redwire.js.Undefined.VALUE) {
                out.put(String.valueOf(k), Json.stringify(v));
            }
        });
        return out.isEmpty() ? null : out;
    }

    /** A user-properties field of the editor: a JSON object text, else none (Node-RED ignores what does not parse). */
    static Map<String, String> userPropertiesText(String text) {
        if (text == null || !text.stripLeading().startsWith("{")) {
            return null;
        }
        try {
            return userProperties(Json.parse(text));
        } catch (Exception e) {
            return null;
        }
    }

    private static String text(Object v) {
        return v instanceof String s && !s.isEmpty() ? s : null;
    }

    /** Node-RED copies any truthy value through Buffer.from: a string becomes its UTF-8 bytes. */
    private static byte[] bytes(Object v) {
        if (v instanceof byte[] b) {
            return b;
        }
        return v instanceof String s && !s.isEmpty() ? s.getBytes(StandardCharsets.UTF_8) : null;
    }

    /** parseInt of msg.messageExpiryInterval, kept when ≥ 0. */
    private static Long interval(Map<String, Object> msg) {
        if (!msg.containsKey("messageExpiryInterval")) {
            return null;
        }
        double d = JsValues.toNumber(msg.get("messageExpiryInterval"));
        return Double.isNaN(d) || d < 0 ? null : (long) d;
    }

    private static Boolean flag(Object v) {
        if (Boolean.TRUE.equals(v) || "true".equals(v)) {
            return true;
        }
        return Boolean.FALSE.equals(v) || "false".equals(v) ? false : null;
    }
}
