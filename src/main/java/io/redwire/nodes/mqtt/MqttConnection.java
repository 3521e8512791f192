package io.redwire.nodes.mqtt;

import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.mqtt.MqttClient;
import io.vertx.mqtt.MqttClientOptions;
import io.vertx.mqtt.messages.MqttPublishMessage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One broker connection shared by every mqtt node using the same mqtt-broker config: connects, keeps the
 * subscriptions of all its users (and restores them after a reconnect), reconnects with back-off, sends birth /
 * close messages, and completes a publish when the broker has acknowledged it (QoS 1 and 2) or it was written
 * (QoS 0). Runs on the event loop it was first used on; nothing here blocks.
 */
final class MqttConnection {
    /** vert.x logs every failed connect with a stack trace; the broker node logs one line per failure instead. */
    private static final java.util.logging.Logger CLIENT_LOG = quiet("io.vertx.mqtt.impl.MqttClientImpl");

    enum State { DISCONNECTED, CONNECTING, CONNECTED }

    /** What the broker node hears about the connection. */
    interface Listener {
        void state(State state);

        void log(String text);
    }

    /** A birth, close or will message. */
    record Message(String topic, byte[] payload, int qos, boolean retain) {
    }

    /** Everything needed to (re)connect. */
    record Options(String host, int port, String url, String clientId, String username, String password,
                   int keepAlive, boolean cleanSession, Message will, Message birth, Message close,
                   MqttClientOptions transport, long reconnectMaxMs) {
        /** "clientid@url" as Node-RED's log lines name a broker. */
        String label() {
            return url;
        }
    }

    private final Vertx vertx;
    private final Listener listener;
    private Options options;
    private final Map<String, Subscription> subscriptions = new LinkedHashMap<>();
    private final Map<Integer, Handler<Throwable>> unacked = new HashMap<>();
    private final Set<Integer> ackedEarly = new HashSet<>();
    private MqttClient client;
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
        MqttClientOptions o = new MqttClientOptions(options.transport())
                .setClientId(options.clientId()).setCleanSession(options.cleanSession())
                .setKeepAliveInterval(options.keepAlive())
                .setUsername(options.username()).setPassword(options.password());
        if (options.will() != null) {
            o.setWillFlag(true).setWillTopic(options.will().topic())
                    .setWillMessageBytes(Buffer.buffer(options.will().payload()))
                    .setWillQoS(options.will().qos()).setWillRetain(options.will().retain());
        }
        MqttClient c = MqttClient.create(vertx, o);
        client = c;
        c.publishHandler(this::dispatch);
        c.publishCompletionHandler(this::acknowledged);
        c.closeHandler(v -> closed(c));
        c.exceptionHandler(e -> {
        });
        c.connect(options.port(), options.host()).onComplete(ar -> {
            if (client != c) {
                return;
            }
            if (ar.succeeded() && ar.result().code() == MqttConnectReturnCode.CONNECTION_ACCEPTED) {
                connected();
            } else {
                String why = ar.succeeded() ? refusal(ar.result().code()) : String.valueOf(ar.cause().getMessage());
                listener.log("Connection failed to broker: " + options.label() + " (" + why + ")");
                c.disconnect();
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
            client.subscribe(e.getKey(), e.getValue().qos);
        }
        List<Runnable> waiting = onConnected;
        onConnected = new ArrayList<>();
        waiting.forEach(Runnable::run);
        if (options.birth() != null) {
            Message b = options.birth();
            publish(b.topic(), b.payload(), b.qos(), b.retain(), err -> {
            });
        }
    }

    private void closed(MqttClient c) {
        if (client != c) {
            return;
        }
        client = null;
        failUnacked("Connection closed before the broker acknowledged the message");
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
        MqttClient c = client;
        if (c == null) {
            setState(State.DISCONNECTED);
            return Future.succeededFuture();
        }
        Promise<Void> done = Promise.promise();
        Runnable end = () -> {
            if (client == c) {
                client = null;
            }
            failUnacked("Disconnected before the broker acknowledged the message");
            boolean wasConnected = state == State.CONNECTED;
            setState(State.DISCONNECTED);
            if (wasConnected) {
                c.disconnect().onComplete(ar -> done.tryComplete());
            } else { // mid-connect: nothing to say goodbye to, and no answer to wait for
                c.disconnect();
                done.tryComplete();
            }
        };
        if (state == State.CONNECTED && options.close() != null) {
            Message m = options.close();
            long guard = vertx.setTimer(2000, t -> end.run());
            publish(m.topic(), m.payload(), m.qos(), m.retain(), err -> {
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
    void subscribe(String filter, int qos, String ref, Consumer<MqttPublishMessage> handler) {
        Subscription s = subscriptions.computeIfAbsent(filter, f -> new Subscription(new MqttTopics.Filter(f)));
        s.qos = qos;
        s.handlers.put(ref, handler);
        if (state == State.CONNECTED && client != null) {
            client.subscribe(filter, qos);
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

    private void dispatch(MqttPublishMessage m) {
        String topic = m.topicName();
        for (Subscription s : subscriptions.values()) {
            if (s.filter.matches(topic)) {
                for (Consumer<MqttPublishMessage> h : s.handlers.values()) {
                    h.accept(m);
                }
            }
        }
    }

    private static final class Subscription {
        final MqttTopics.Filter filter;
        final Map<String, Consumer<MqttPublishMessage>> handlers = new LinkedHashMap<>();
        int qos;

        Subscription(MqttTopics.Filter filter) {
            this.filter = filter;
        }
    }

    // ---- publishing ----------------------------------------------------------------------------------------

    /**
     * Publishes when connected ({@code done} gets null once written at QoS 0, acknowledged at QoS 1 / 2, or the
     * failure); returns false, calling nothing, when not connected — Node-RED drops the message then.
     */
    boolean publish(String topic, byte[] payload, int qos, boolean retain, Handler<Throwable> done) {
        MqttClient c = client;
        if (state != State.CONNECTED || c == null) {
            return false;
        }
        MqttQoS level = MqttQoS.valueOf(qos);
        c.publish(topic, Buffer.buffer(payload), level, false, retain).onComplete(ar -> {
            if (ar.failed()) {
                done.handle(ar.cause());
            } else if (level == MqttQoS.AT_MOST_ONCE || ackedEarly.remove(ar.result())) {
                done.handle(null);
            } else {
                unacked.put(ar.result(), done);
            }
        });
        return true;
    }

    private void acknowledged(int packetId) {
        Handler<Throwable> done = unacked.remove(packetId);
        if (done != null) {
            done.handle(null);
        } else {
            ackedEarly.add(packetId);
        }
    }

    private void failUnacked(String why) {
        if (unacked.isEmpty()) {
            ackedEarly.clear();
            return;
        }
        List<Handler<Throwable>> waiting = new ArrayList<>(unacked.values());
        unacked.clear();
        ackedEarly.clear();
        IllegalStateException e = new IllegalStateException(why);
        waiting.forEach(h -> h.handle(e));
    }

    private void setState(State s) {
        if (state != s) {
            state = s;
            listener.state(s);
        }
    }

    private static java.util.logging.Logger quiet(String name) {
        java.util.logging.Logger l = java.util.logging.Logger.getLogger(name);
        l.setLevel(java.util.logging.Level.OFF);
        return l;
    }

    private static String refusal(MqttConnectReturnCode code) {
        return switch (code) {
            case CONNECTION_REFUSED_UNACCEPTABLE_PROTOCOL_VERSION -> "unacceptable protocol version";
            case CONNECTION_REFUSED_IDENTIFIER_REJECTED -> "identifier rejected";
            case CONNECTION_REFUSED_SERVER_UNAVAILABLE -> "server unavailable";
            case CONNECTION_REFUSED_BAD_USER_NAME_OR_PASSWORD -> "bad user name or password";
            case CONNECTION_REFUSED_NOT_AUTHORIZED -> "not authorized";
            default -> code.name().toLowerCase().replace('_', ' ');
        };
    }
}
