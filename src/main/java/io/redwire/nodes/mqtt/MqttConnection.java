package io.redwire.nodes.mqtt;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.mqtt.MqttClientOptions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One broker connection shared by every mqtt node using the same mqtt-broker config: connects, keeps the
 * subscriptions of all its users (and restores them after a reconnect), reconnects with back-off, sends birth /
 * close messages, and completes a publish when the broker has acknowledged it (QoS 1 and 2) or it was written
 * (QoS 0). Each connect attempt gets a new {@link MqttLink} for the protocol version (3.1.1 on vert.x's client,
 * 5 on Paho's). Runs on the event loop it was first used on; nothing here blocks.
 */
final class MqttConnection {

    enum State { DISCONNECTED, CONNECTING, CONNECTED }

    /** What the broker node hears about the connection. */
    interface Listener {
        void state(State state);

        void log(String text);

        void warn(String text);

        /** A received PUBLISH went to its subscribers, still inside the client's read of it. */
        void dispatched();
    }

    /** A birth, close or will message; {@code properties} (MQTT 5) may be null. */
    record Message(String topic, byte[] payload, int qos, boolean retain, MqttProperties properties) {
    }

    /**
     * Everything needed to (re)connect. {@code transport} carries the 3.1.1 client's socket options and the largest
     * message; {@code sessionExpiry} and {@code userProperties} (CONNECT's) are MQTT 5 only.
     */
    record Options(String host, int port, String url, String clientId, String username, String password,
                   int keepAlive, boolean cleanSession, Message will, Message birth, Message close,
                   MqttClientOptions transport, long reconnectMaxMs, int protocolVersion, boolean ssl,
                   boolean verifyServerCert, Long sessionExpiry, Map<String, String> userProperties) {
        boolean v5() {
            return protocolVersion == 5;
        }

        /** "clientid@url" as Node-RED's log lines name a broker. */
        String label() {
            return url;
        }
    }

    private final Vertx vertx;
    private final Listener listener;
    private Options options;
    private final Map<String, Subscription> subscriptions = new LinkedHashMap<>();
    private ClientSSLOptions tls;
    private MqttLink client;
    private State state = State.DISCONNECTED;
    private boolean closing;
    private long reconnectTimer = -1;
    private long reconnectDelay;
    private List<Runnable> onConnected = new ArrayList<>();

    MqttConnection(Vertx vertx, Options options, Listener listener) {
        this.vertx = vertx;
        this.options = options;
        this.listener = listener;
    }

    State state() {
        return state;
    }

    Options options() {
        return options;
    }

    /** Replaces the connection options (the connect action's msg.broker); takes effect on the next connect. */
    void options(Options o) {
        this.options = o;
    }

    /** The tls-config's material, once read; used from the next connect on. */
    void tls(ClientSSLOptions t) {
        this.tls = t;
    }

    boolean canConnect() {
        return state == State.DISCONNECTED;
    }

    /** Connects unless connected or connecting; {@code whenConnected} runs after the first successful connect. */
    void connect(Runnable whenConnected) {
        if (whenConnected != null) {
            onConnected.add(whenConnected);
        }
        if (!canConnect()) {
            return;
        }
        closing = false;
        cancelReconnect();
        reconnectDelay = Math.min(1000, options.reconnectMaxMs());
        attempt();
    }

    private void attempt() {
        reconnectTimer = -1;
        setState(State.CONNECTING);
        MqttLink[] self = new MqttLink[1];
        MqttLink.Events events = new MqttLink.Events() {
            @Override
            public void message(MqttLink.Inbound m) {
                if (client == self[0]) {
                    dispatch(m);
                    listener.dispatched();
                }
            }

            @Override
            public void closed() {
                linkClosed(self[0]);
            }

            @Override
            public void dropped(String why) {
                listener.warn(why);
            }
        };
        MqttLink c = options.v5() ? new PahoMqttLink(vertx, options, tls, events)
                : new VertxMqttLink(vertx, options, events);
        self[0] = c;
        client = c;
        c.connect().onComplete(ar -> {
            if (client != c) {
                return;
            }
            if (ar.succeeded()) {
                connected();
            } else {
                listener.log("Connection failed to broker: " + options.label() + " (" + reason(ar.cause()) + ")");
                c.abort();
                client = null;
                if (closing) {
                    setState(State.DISCONNECTED);
                } else {
                    scheduleReconnect(); // Node-RED keeps showing "connecting" while it retries
                }
            }
        });
    }

    private void connected() {
        reconnectDelay = Math.min(1000, options.reconnectMaxMs());
        setState(State.CONNECTED);
        listener.log("Connected to broker: " + options.label());
        for (Map.Entry<String, Subscription> e : subscriptions.entrySet()) {
            client.subscribe(e.getKey(), e.getValue().options);
        }
        List<Runnable> waiting = onConnected;
        onConnected = new ArrayList<>();
        waiting.forEach(Runnable::run);
        if (options.birth() != null) {
            Message b = options.birth();
            publish(b.topic(), b.payload(), b.qos(), b.retain(), b.properties(), err -> {
            });
        }
    }

    private void linkClosed(MqttLink c) {
        if (client != c) {
            return;
        }
        client = null;
        if (state == State.CONNECTED) {
            listener.log("Disconnected from broker: " + options.label());
        }
        setState(State.DISCONNECTED);
        if (!closing) {
            scheduleReconnect();
        }
    }

    private void scheduleReconnect() {
        if (closing || reconnectTimer >= 0) {
            return;
        }
        long delay = reconnectDelay;
        reconnectDelay = Math.min(reconnectDelay * 2, options.reconnectMaxMs());
        reconnectTimer = vertx.setTimer(delay, t -> attempt());
    }

    private void cancelReconnect() {
        if (reconnectTimer >= 0) {
            vertx.cancelTimer(reconnectTimer);
            reconnectTimer = -1;
        }
    }

    /** Sends the close message (if any), then disconnects; stops reconnecting. */
    Future<Void> disconnect() {
        closing = true;
        cancelReconnect();
        onConnected.clear();
        MqttLink c = client;
        if (c == null) {
            setState(State.DISCONNECTED);
            return Future.succeededFuture();
        }
        Promise<Void> done = Promise.promise();
        Runnable end = () -> {
            if (client == c) {
                client = null;
            }
            boolean wasConnected = state == State.CONNECTED;
            setState(State.DISCONNECTED);
            if (wasConnected) {
                c.disconnect().onComplete(ar -> done.tryComplete());
            } else { // mid-connect: nothing to say goodbye to, and no answer to wait for
                c.abort();
                done.tryComplete();
            }
        };
        if (state == State.CONNECTED && options.close() != null) {
            Message m = options.close();
            long guard = vertx.setTimer(2000, t -> end.run());
            publish(m.topic(), m.payload(), m.qos(), m.retain(), m.properties(), err -> {
                if (vertx.cancelTimer(guard)) {
                    end.run();
                }
            });
        } else {
            end.run();
        }
        return done.future();
    }

    // ---- subscriptions -------------------------------------------------------------------------------------

    /** Adds (or replaces) {@code ref}'s subscription to {@code filter}; subscribed now if connected. */
    void subscribe(String filter, MqttLink.SubOptions options, String ref, Consumer<MqttLink.Inbound> handler) {
        Subscription s = subscriptions.computeIfAbsent(filter, f -> new Subscription(new MqttTopics.Filter(f)));
        s.options = options;
        s.handlers.put(ref, handler);
        if (state == State.CONNECTED && client != null) {
            client.subscribe(filter, options);
        }
    }

    /** Removes {@code ref}'s subscription; the broker subscription goes when its last user does. */
    void unsubscribe(String filter, String ref) {
        Subscription s = subscriptions.get(filter);
        if (s == null || s.handlers.remove(ref) == null) {
            return;
        }
        if (s.handlers.isEmpty()) {
            subscriptions.remove(filter);
            if (state == State.CONNECTED && client != null) {
                client.unsubscribe(filter);
            }
        }
    }

    private void dispatch(MqttLink.Inbound m) {
        String topic = m.topic();
        for (Subscription s : subscriptions.values()) {
            if (s.filter.matches(topic)) {
                for (Consumer<MqttLink.Inbound> h : s.handlers.values()) {
                    h.accept(m);
                }
            }
        }
    }

    private static final class Subscription {
        final MqttTopics.Filter filter;
        final Map<String, Consumer<MqttLink.Inbound>> handlers = new LinkedHashMap<>();
        MqttLink.SubOptions options;

        Subscription(MqttTopics.Filter filter) {
            this.filter = filter;
        }
    }

    // ---- publishing ----------------------------------------------------------------------------------------

    /**
     * Publishes when connected ({@code done} gets null once written at QoS 0, acknowledged at QoS 1 / 2, or the
     * failure); returns false, calling nothing, when not connected — Node-RED drops the message then.
     */
    boolean publish(String topic, byte[] payload, int qos, boolean retain, MqttProperties properties,
                    Handler<Throwable> done) {
        MqttLink c = client;
        if (state != State.CONNECTED || c == null) {
            return false;
        }
        c.publish(topic, payload, qos, retain, properties).onComplete(ar -> done.handle(ar.cause()));
        return true;
    }

    private void setState(State s) {
        if (state != s) {
            state = s;
            listener.state(s);
        }
    }

    /** The innermost message of a failure: "PKIX path building failed" says more than "Failed to create SSL …". */
    static String reason(Throwable e) {
        String text = e.getMessage();
        for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isEmpty()) {
                text = t.getMessage();
            }
        }
        return text == null || text.isEmpty() ? e.getClass().getSimpleName() : text;
    }
}
