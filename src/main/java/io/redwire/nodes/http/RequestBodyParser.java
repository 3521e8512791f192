package io.redwire.nodes.http;

import io.redwire.msg.Json;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;

/** Turns a request body into msg.payload by content type, as Node-RED's body parsers do. */
final class RequestBodyParser {
    /** The body cannot be parsed: Express answers with the parser's status and error, and the flow never sees it. */
    static final class BadBody extends Exception {
        private final int status;

        /** @param error the error's name and message, as Express's error page shows them */
        BadBody(int status, String error) {
            super(error);
            this.status = status;
        }

        int status() {
            return status;
        }
    }

    private RequestBodyParser() {
    }

    static Object parse(String contentType, byte[] body) throws BadBody {
        String type = mediaType(contentType);
        if (body.length == 0) {
            // Node-RED's raw body parser starts from "" for text types; the other parsers leave {}
            return isText(type) ? "" : new LinkedHashMap<String, Object>();
        }
        if (type.isEmpty()) {
            return utf8(body);
        }
        if (type.equals("application/json") || type.endsWith("+json")) {
            return json(body);
        }
        if (type.equals("application/x-www-form-urlencoded")) {
            return QueryString.parseForm(utf8(body));
        }
        if (isText(type)) {
            return utf8(body);
        }
        if (type.startsWith("application/") && !type.equals("application/octet-stream")
                && !type.equals("application/cbor") && !type.equals("application/x-protobuf")) {
            return utf8(body);
        }
        return body;
    }

    private static boolean isText(String type) {
        return type.startsWith("text/") || type.endsWith("/xml") || type.endsWith("+xml");
    }

    static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semi = contentType.indexOf(';');
        return (semi < 0 ? contentType : contentType.substring(0, semi)).strip().toLowerCase();
    }

    /** body-parser's strict mode: only objects and arrays. */
    private static Object json(byte[] body) throws BadBody {
        int i = 0;
        while (i < body.length && Character.isWhitespace(body[i])) {
            i++;
        }
        if (i == body.length) {
            return new LinkedHashMap<String, Object>();
        }
        if (body[i] != '{' && body[i] != '[') {
            throw syntaxError("Unexpected token in JSON at position " + i);
        }
        try {
            return Json.parse(body);
        } catch (JsonProcessingException e) {
            throw syntaxError(Json.describe(e));
        } catch (java.io.IOException e) {
            throw syntaxError(e.getMessage());
        }
    }

    private static BadBody syntaxError(String message) {
        return new BadBody(400, "SyntaxError: " + message);
    }

    /**
     * UTF-8 with invalid bytes replaced by U+FFFD, like Node's Buffer.toString() (the String constructor always
     * replaces; it merges a few malformed runs, such as encoded surrogates, that Node replaces byte by byte).
     */
    static String utf8(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }
}
