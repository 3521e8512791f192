package io.redwire.nodes.http;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * The answer to a body http in does not take: 413 over apiMaxLength, 503 over httpBodyMemoryLimit, 400 for a body
 * that cannot be read. A refused body is not kept, so its HTTP/1 connection cannot serve another request: the answer
 * says so and the connection is closed once the rest of the body has been read and dropped — closing under a client
 * still sending would reset the connection and lose the answer. A client that sends nothing for httpReadTimeout is
 * cut.
 * <p>
 * 413 is answered at once, as Express does. 503 (shed load, Redwire's own limit) waits until the body is in:
 * Java 17's HttpClient reads no answer before it has sent its whole body and, given an early one, measured
 * stalling about 1 MB short of the end on a third of 600 parallel uploads, so they were never answered.
 */
final class BodyRefusal {
    private final InboundBodyReader reader;

    BodyRefusal(InboundBodyReader reader) {
        this.reader = reader;
    }

    void refuse(RoutingContext ctx, Throwable e) {
        if (e instanceof InboundBodyReader.TooLarge) {
            dropRestOfBody(ctx, 413, "PayloadTooLargeError: request entity too large", true);
        } else if (e instanceof InboundBodyReader.Overloaded) {
            ctx.response().putHeader("retry-after", "1");
            dropRestOfBody(ctx, 503, "ServiceUnavailableError: too many request bodies in flight, try again", false);
        } else {
            ErrorPage.send(ctx, 400, "SyntaxError: " + e.getMessage());
        }
    }

    private void dropRestOfBody(RoutingContext ctx, int status, String text, boolean answerFirst) {
        HttpServerRequest req = ctx.request();
        if (req.version() == HttpVersion.HTTP_2) { // one refused stream does not hold its connection
            ErrorPage.send(ctx, status, text);
            return;
        }
        ctx.response().putHeader("connection", "close");
        if (req.isEnded()) {
            ErrorPage.send(ctx, status, text).onComplete(v -> req.connection().close());
            return;
        }
        Promise<Void> drained = Promise.promise();
        reader.cutIfSilent(ctx, drained.future());
        req.handler(dropped -> { });
        req.endHandler(v -> {
            drained.complete();
            (answerFirst ? Future.<Void>succeededFuture() : ErrorPage.send(ctx, status, text))
                    .onComplete(done -> req.connection().close());
        });
        req.resume();
        if (answerFirst) {
            ErrorPage.send(ctx, status, text);
        }
    }
}
