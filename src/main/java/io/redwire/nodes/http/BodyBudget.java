package io.redwire.nodes.http;

import io.redwire.net.MemoryBudget;

/**
 * The memory every http-in request body being read or handled may hold together (settings.httpBodyMemoryLimit).
 * apiMaxLength bounds one body; this bounds their sum, so many concurrent uploads are shed with 503 instead of
 * running the heap out. A body's bytes stay counted until its response has been sent or its connection closed.
 */
final class BodyBudget extends MemoryBudget {
    BodyBudget(long limit) {
        super(limit);
    }
}
