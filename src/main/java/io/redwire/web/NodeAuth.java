package io.redwire.web;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

/**
 * Node-RED's {@code httpNodeAuth: {user, pass}}: HTTP basic auth in front of everything under httpNodeRoot that the
 * admin API does not answer (http in routes, httpStatic files, the 404). {@code pass} is a bcrypt hash
 * ({@code redwire hash-pw}), or a 32-character MD5 hex digest (Node-RED's legacy form). OPTIONS passes, as in
 * Node-RED; a refusal is Express's 401 with {@code WWW-Authenticate: Basic realm="Authorization Required"}. As
 * Node-RED does, the last accepted password is remembered, so bcrypt runs (on a worker thread, never the flow loop)
 * only for a password not seen yet.
 */
final class NodeAuth implements Handler<RoutingContext> {
    private final Vertx vertx;
    private final String root;
    private final String user;
    private final String pass;
    private volatile String accepted;

    private NodeAuth(Vertx vertx, String root, String user, String pass) {
        this.vertx = vertx;
        this.root = root;
        this.user = user;
        this.pass = pass;
    }

    /** The check the settings ask for, or null when httpNodeAuth is not set. */
    static NodeAuth from(Settings settings, Vertx vertx) {
        Map<String, Object> auth = RuntimeSettings.HTTP_NODE_AUTH.given(settings);
        if (auth == null) {
            return null;
        }
        if (!(auth.get("user") instanceof String user) || !(auth.get("pass") instanceof String pass)) {
            throw new IllegalArgumentException("settings httpNodeAuth needs user and pass (a bcrypt hash from "
                    + "`redwire hash-pw`)");
        }
        String root = RuntimeSettings.HTTP_NODE_ROOT.read(settings) instanceof String r ? r : "/";
        return new NodeAuth(vertx, root.endsWith("/") ? root : root + "/", user, pass);
    }

    @Override
    public void handle(RoutingContext ctx) {
        String path = ctx.request().path();
        if (ctx.request().method().name().equals("OPTIONS") || !(path + "/").startsWith(root)) {
            ctx.next();
            return;
        }
        String[] given = credentials(ctx.request().getHeader("authorization"));
        if (given == null || !given[0].equals(user)) {
            refuse(ctx);
        } else if (given[1].equals(accepted)) {
            ctx.next();
        } else {
            vertx.executeBlocking(() -> matches(given[1])).onComplete(ar -> {
                if (ar.succeeded() && ar.result()) {
                    accepted = given[1];
                    ctx.next();
                } else {
                    refuse(ctx);
                }
            });
        }
    }

    private boolean matches(String password) throws NoSuchAlgorithmException {
        if (pass.length() == 32) {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest(password.getBytes(StandardCharsets.UTF_8))).equals(pass);
        }
        return PasswordHash.matches(password, pass);
    }

    /** {user, password} from a Basic Authorization header, else null. */
    private static String[] credentials(String header) {
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon < 0 ? null : new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }

    private static void refuse(RoutingContext ctx) {
        ctx.response().setStatusCode(401).putHeader("WWW-Authenticate", "Basic realm=\"Authorization Required\"")
                .putHeader("content-type", "text/plain; charset=utf-8").end("Unauthorized");
    }
}
