package io.redwire.nodes.http;

import io.redwire.net.BodySilence;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * Reads an http in request's body within its limits: apiMaxLength for one body (raw-body's rule: refused as soon as
 * it is known to exceed it), settings.httpBodyMemoryLimit for all bodies in flight together, and httpReadTimeout for
 * a body that stops arriving.
 *
 * @param readTimeoutMs how long a request body, kept or being dropped, may go without a byte before its connection
 *                      is cut
 */
record InboundBodyReader(long maxBody, long readTimeoutMs, BodyBudget budget) {
    /** Accepting the body would pass settings.httpBodyMemoryLimit. */
    static final class Overloaded extends RuntimeException {
        Overloaded() {
            super("request bodies in flight over the limit", null, false, false);
        }
    }

    /** The request is larger than apiMaxLength. */
    static final class TooLarge extends RuntimeException {
        TooLarge() {
            super("request entity too large", null, false, false);
        }
    }

    /** The whole body, held once (BodyBytes). */
    Future<byte[]> body(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        long length = declaredLength(req);
        Held held;
        try {
            held = admit(ctx, length);
        } catch (TooLarge | Overloaded e) {
            return Future.failedFuture(e);
        }
        Promise<byte[]> done = Promise.promise();
        BodyBytes body = new BodyBytes(length);
        req.handler(chunk -> {
            if (done.future().isComplete()) {
                return;
            }
            long total = body.size() + (long) chunk.length();
            if (total > maxBody) {
                done.tryFail(new TooLarge());
            } else if (!held.growTo(total)) { // no Content-Length: counted as it arrives
                done.tryFail(new Overloaded());
            } else {
                body.add(chunk);
            }
        });
        req.exceptionHandler(done::tryFail);
        req.endHandler(v -> {
            if (!done.future().isComplete()) {
                done.complete(body.bytes());
            }
        });
        req.resume();
        return cutIfSilent(ctx, done.future());
    }

    /**
     * A multipart body (multer's memory storage): the same apiMaxLength and budget rules as any body, counted on
     * the body bytes received so far (files, fields, part headers and boundaries alike).
     */
    Future<MultipartReader.Form> form(RoutingContext ctx) {
        Held held;
        try {
            held = admit(ctx, declaredLength(ctx.request()));
        } catch (TooLarge | Overloaded e) {
            return Future.failedFuture(e);
        }
        return cutIfSilent(ctx, MultipartReader.read(ctx.request(),
                total -> total > maxBody ? new TooLarge() : held.growTo(total) ? null : new Overloaded()));
    }

    /**
     * A body that stops arriving for httpReadTimeout closes its connection, and what it held is given back: a
     * client that sends headers and then nothing would otherwise keep its connection and its share of
     * httpBodyMemoryLimit forever (Node.js bounds the same client only by its 300 s requestTimeout).
     */
    <T> Future<T> cutIfSilent(RoutingContext ctx, Future<T> reading) {
        if (readTimeoutMs <= 0 || reading.isComplete()) {
            return reading;
        }
        // most bodies end in the socket read that brought their headers: the watch starts once that read is
        // handled, so only a body still arriving then costs a timer (one per request was a hundredth of a small
        // POST's work)
        HttpServerRequest req = ctx.request();
        long[] watch = {-1};
        ctx.vertx().runOnContext(v -> {
            if (!reading.isComplete()) {
                watch[0] = BodySilence.watch(ctx.vertx(), req, readTimeoutMs, () -> BodySilence.cut(req));
            }
        });
        return reading.onComplete(r -> {
            if (watch[0] >= 0) {
                ctx.vertx().cancelTimer(watch[0]);
            }
        });
    }

    private static long declaredLength(HttpServerRequest req) {
        String declared = req.getHeader("content-length");
        return declared != null && !declared.isEmpty() && declared.length() < 19
                && declared.chars().allMatch(Character::isDigit) ? Long.parseLong(declared) : -1;
    }

    /** The share of settings.httpBodyMemoryLimit one request body holds; given back when its exchange ends. */
    private final class Held {
        private long bytes;

        boolean growTo(long total) {
            if (total <= bytes) {
                return true;
            }
            if (!budget.take(total - bytes)) {
                return false;
            }
            bytes = total;
            return true;
        }
    }

    /** apiMaxLength checked against the declared length (raw-body's rule), which is then reserved: it will arrive. */
    private Held admit(RoutingContext ctx, long length) {
        if (length > maxBody) {
            throw new TooLarge();
        }
        Held held = new Held();
        ctx.addEndHandler(v -> budget.giveBack(held.bytes));
        if (length >= 0 && !held.growTo(length)) {
            throw new Overloaded();
        }
        return held;
    }
}
