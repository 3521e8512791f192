package io.redwire.nodes.http;

import io.redwire.msg.Json;

import io.vertx.core.MultiMap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** Writes an http request node's response into the msg, with the properties and shapes Node-RED produces. */
final class ResponseMessage {
    /** Node's IncomingMessage keeps only the first of these when a response repeats them. */
    private static final Set<String> SINGLE_VALUED = Set.of("age", "authorization", "content-length",
            "content-type", "etag", "expires", "from", "host", "if-modified-since", "if-unmodified-since",
            "last-modified", "location", "max-forwards", "proxy-authorization", "referer", "retry-after", "server",
            "user-agent");

    private static final byte[] EMPTY_OBJECT = {'{', '}'};

    private ResponseMessage() {
    }

    static void fill(Map<String, Object> msg, HttpExchange.Result result, String ret, Consumer<Object> warn) {
        Map<String, Object> headers = nodeHeaders(result.headers());
        msg.put("statusCode", result.statusCode());
        msg.put("headers", headers);
        msg.put("responseUrl", result.url().href());
        msg.put("payload", null); // keeps Node-RED's key order; set below
        msg.put("redirectList", result.redirects());
        msg.put("retry", 0);
        if (headers.get("set-cookie") instanceof List<?> lines) {
            List<String> setCookies = new ArrayList<>(lines.size());
            lines.forEach(l -> setCookies.add(String.valueOf(l)));
            msg.put("responseCookies", CookieText.responseCookies(setCookies));
        }
        headers.put(HeaderHash.KEY, HeaderHash.of(headers));
        byte[] body = result.body().getBytes();
        if (ret.equals("bin")) {
            msg.put("payload", body);
            return;
        }
        if (ret.equals("obj")) {
            msg.put("payload", parseJson(result.statusCode() == 204 ? EMPTY_OBJECT : body, warn));
        } else {
            msg.put("payload", RequestBodyParser.utf8(body));
        }
    }

    /** JSON.parse(body as text); on failure a warning, and the text stays the payload. */
    private static Object parseJson(byte[] body, Consumer<Object> warn) {
        boolean bom = body.length >= 3 && body[0] == (byte) 0xEF && body[1] == (byte) 0xBB && body[2] == (byte) 0xBF;
        if (!bom) { // Jackson would skip a BOM that JSON.parse rejects
            try {
                return Json.parse(body);
            } catch (Exception e) {
                // invalid UTF-8 inside strings still parses once decoded with U+FFFD, as in Node: try the text
            }
        }
        String text = RequestBodyParser.utf8(body);
        try {
            return Json.parse(text);
        } catch (Exception e) {
            warn.accept("JSON parse error");
            return text;
        }
    }

    /** res.headers as Node builds it: lower-case names, set-cookie always a list, other repeats joined. */
    static Map<String, Object> nodeHeaders(MultiMap received) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : received) {
            String name = e.getKey().toLowerCase();
            String value = e.getValue();
            Object prev = out.get(name);
            if (name.equals("set-cookie")) {
                @SuppressWarnings("unchecked")
                List<Object> list = prev instanceof List<?> l ? (List<Object>) l : new ArrayList<>();
                list.add(value);
                out.put(name, list);
            } else if (prev == null) {
                out.put(name, value);
            } else if (!SINGLE_VALUED.contains(name)) {
                out.put(name, prev + (name.equals("cookie") ? "; " : ", ") + value);
            }
        }
        return out;
    }
}
