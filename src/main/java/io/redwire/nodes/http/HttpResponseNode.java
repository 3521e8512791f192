package io.redwire.nodes.http;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.Json;
import io.redwire.msg.NodeError;

import io.netty.buffer.Unpooled;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;

import java.util.Map;

/** http response: answers the request of msg.res with msg.payload, status and headers (Express res.send rules). */
public final class HttpResponseNode extends Node {
    static final Field STATUS_CODE = Field.str("statusCode", "")
            .help("The status code to answer with; blank takes msg.statusCode, else 200.");
    /** Node-RED keeps the form's header rows as one object, name to value. */
    static final Field HEADERS = Field.entries("headers", Field.str("name", "").label("header"),
                    Field.str("value", "").label("value"))
            .help("Headers to answer with, one row each: name and value; they win over msg.headers.");

    public static final NodeType TYPE = NodeType.builder("http response", "network").icon("http")
            .label(Label.computed())
            .help("Answers the request an http in node received: `msg.payload` is the body; `msg.statusCode` and `msg.headers` apply unless the node sets them.")
            .color("#e7e7ae").ports(1, 0)
            .fields(STATUS_CODE, HEADERS)
            .factory(HttpResponseNode::new);

    /** Characters Express strips from a jsonp callback name. */
    private static final java.util.regex.Pattern JSONP_UNSAFE = java.util.regex.Pattern.compile("[^\\[\\]\\w$.]");

    private final int statusCode;
    private final Map<String, Object> headers;

    HttpResponseNode(NodeConfig c) {
        super(c);
        int s = (int) JsValues.toNumber(c.str(STATUS_CODE));
        this.statusCode = s > 0 ? s : 0;
        this.headers = c.map(HEADERS);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        if (!(msg.get("res") instanceof HttpResponseRef ref)) {
            warn("No response object");
            done.done();
            return;
        }
        HttpServerResponse res = ref.context().response();
        if (res.ended() || res.headWritten()) {
            done.done();
            return;
        }
        Object payload = msg.containsKey("payload") ? msg.get("payload") : io.redwire.js.Undefined.VALUE;
        if (payload instanceof Boolean) {
            // express 5's res.send measures a boolean body with Buffer.byteLength, which throws this
            done.done(new NodeError("TypeError [ERR_INVALID_ARG_TYPE]: The \"string\" argument must be of type "
                    + "string or an instance of Buffer or ArrayBuffer. Received type boolean (" + payload + ")",
                    "ERR_INVALID_ARG_TYPE", null));
            return;
        }
        res.setStatusCode(status(msg));
        MultiMap out = res.headers();
        headers.forEach((k, v) -> out.set(k, JsValues.toJsString(v)));
        Map<?, ?> mh = HeaderHash.headersToUse(msg);
        if (mh != null) {
            mh.forEach((k, v) -> {
                if (!headers.containsKey(String.valueOf(k))) {
                    out.set(String.valueOf(k), JsValues.toJsString(v));
                }
            });
        }
        if (msg.get("cookies") instanceof Map<?, ?> cookies) {
            ResponseCookies.apply(res, cookies);
        }
        send(res, msg, payload, ref.context().request().method() == HttpMethod.HEAD);
        done.done();
    }

    private int status(Map<String, Object> msg) {
        if (statusCode > 0) {
            return statusCode;
        }
        Object s = msg.get("statusCode");
        if (s != null) {
            String text = JsValues.toJsString(s).strip();
            int end = 0;
            while (end < text.length() && Character.isDigit(text.charAt(end))) {
                end++;
            }
            if (end > 0) {
                int code = Integer.parseInt(text.substring(0, Math.min(end, 9)));
                if (code >= 100 && code <= 999) {
                    return code;
                }
            }
        }
        return 200;
    }

    private static void send(HttpServerResponse res, Map<String, Object> msg, Object payload, boolean head) {
        int status = res.getStatusCode();
        MultiMap h = res.headers();
        if (status == 204 || status == 304) {
            h.remove("content-type");
            h.remove("content-length");
            res.end();
            return;
        }
        if (payload == io.redwire.js.Undefined.VALUE) {
            h.set("content-length", "0");
            res.end();
            return;
        }
        if (payload instanceof byte[] bytes) {
            if (!h.contains("content-type")) {
                h.set("content-type", "application/octet-stream");
            }
            finish(res, Buffer.buffer(bytes), head);
            return;
        }
        if (!(payload instanceof String) && !(payload instanceof Number)) {
            try {
                sendJson(res, msg, payload, head);
            } catch (Json.TooDeep e) {
                answerTooDeep(res, e);
                throw e;
            }
            return;
        }
        setTextType(h, "text/html; charset=utf-8");
        finish(res, Buffer.buffer(JsValues.toJsString(payload)), head);
    }

    /**
     * res.jsonp: JSON, or JavaScript calling ?callback=name. The body is written out before any header is set, as
     * Express does: a payload JSON cannot carry (a cycle) leaves the response as it was for a catch node's answer.
     */
    private static void sendJson(HttpServerResponse res, Map<String, Object> msg, Object payload, boolean head) {
        MultiMap h = res.headers();
        String callback = jsonpCallback(msg);
        if (callback == null) {
            // wrapped, not copied: the array is this response's own (Buffer.buffer(byte[]) copies 73 kB bodies again)
            Buffer json = BufferInternal.buffer(Unpooled.wrappedBuffer(Json.bytes(payload)));
            setTextType(h, "application/json; charset=utf-8");
            finish(res, json, head);
            return;
        }
        String js = "/**/ typeof " + callback + " === 'function' && " + callback + "("
                + Json.stringify(payload).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029") + ");";
        h.set("content-type", "text/javascript; charset=utf-8");
        h.set("x-content-type-options", "nosniff");
        finish(res, Buffer.buffer(js), head);
    }

    /**
     * A payload too deep for JSON (past 4000 levels) is deeper than a message copy goes (2000), so no catch node
     * can be handed the message and no flow could answer its request: it is answered 500 here, with the error's
     * text, and the error still reported as this node's. (Node-RED leaves such a request unanswered.)
     */
    private static void answerTooDeep(HttpServerResponse res, Json.TooDeep e) {
        res.setStatusCode(500);
        res.headers().set("content-type", "text/plain; charset=utf-8");
        res.end(NodeError.textOf(e));
    }

    /** A given content type keeps its value and gains "; charset=utf-8" if it has none; else {@code dflt}. */
    private static void setTextType(MultiMap h, String dflt) {
        String ct = h.get("content-type");
        if (ct == null) {
            h.set("content-type", dflt);
        } else if (!ct.toLowerCase().contains("charset")) {
            h.set("content-type", ct + "; charset=utf-8");
        }
    }

    /** Sends the body with its length; a HEAD request gets the length only, as Express does. */
    private static void finish(HttpServerResponse res, Buffer body, boolean head) {
        if (!head) {
            res.end(body);
            return;
        }
        if (!res.headers().contains("content-length")) {
            res.putHeader("content-length", String.valueOf(body.length()));
        }
        res.end();
    }

    /** Express res.jsonp: an object reply to a request with ?callback=name becomes JavaScript. */
    private static String jsonpCallback(Map<String, Object> msg) {
        if (msg.get("req") instanceof Map<?, ?> req && req.get("query") instanceof Map<?, ?> q
                && q.get("callback") instanceof String cb && !cb.isEmpty()) {
            return JSONP_UNSAFE.matcher(cb).replaceAll("");
        }
        return null;
    }
}
