package io.redwire.nodes.grpc;

import io.vertx.core.streams.ReadStream;
import io.vertx.core.streams.WriteStream;

/**
 * What every {@link CallWire} does alike: backpressure and the bound on unsent bytes come straight from the
 * stream the requests are read from and the one the answer is written to.
 */
abstract class StreamWire implements CallWire {
    private final ReadStream<?> requests;
    private final WriteStream<?> answer;
    protected final UnsentBytes unsent = new UnsentBytes();

    StreamWire(ReadStream<?> requests, WriteStream<?> answer) {
        this.requests = requests;
        this.answer = answer;
    }

    @Override
    public long unsent() {
        return unsent.unsent();
    }

    @Override
    public boolean writeQueueFull() {
        return answer.writeQueueFull();
    }

    @Override
    public void onDrain(Runnable then) {
        answer.drainHandler(v -> then.run());
    }

    @Override
    public void pauseRequests() {
        requests.pause();
    }

    @Override
    public void resumeRequests() {
        requests.resume();
    }
}
