package io.redwire.nodes.mqtt;

import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.mqtt.MqttClient;
import io.vertx.mqtt.MqttClientOptions;
import io.vertx.mqtt.messages.MqttPublishMessage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An MQTT 3.1.1 link on vert.x's MQTT client (non-blocking, on the event loop). A QoS 1 / 2 publish completes when
 * its PUBACK / PUBCOMP arrives, which may come before vert.x hands out the packet id.
 */
final class VertxMqttLink implements MqttLink {
    /** vert.x logs every failed connect with a stack trace; the broker node logs one line per failure instead. */
    private static final java.util.logging.Logger CLIENT_LOG = quiet("io.vertx.mqtt.impl.MqttClientImpl");

    private final MqttConnection.Options options;
    private final MqttClient client;
    private final Map<Integer, Promise<Void>> unacked = new HashMap<>();
    private final Set<Integer> ackedEarly = new HashSet<>();

    VertxMqttLink(Vertx vertx, MqttConnection.Options options, Events events) {
        this.options = options;
        MqttClientOptions o = new MqttClientOptions(options.transport())
                .setClientId(options.clientId()).setCleanSession(options.cleanSession())
                .setKeepAliveInterval(options.keepAlive())
                .setUsername(options.username()).setPassword(options.password());
        if (options.will() != null) {
            o.setWillFlag(true).setWillTopic(options.will().topic())
                    .setWillMessageBytes(Buffer.buffer(options.will().payload()))
                    .setWillQoS(options.will().qos()).setWillRetain(options.will().retain());
        }
        this.client = MqttClient.create(vertx, o);
        client.publishHandler(m -> events.message(inbound(m)));
        client.publishCompletionHandler(this::acknowledged);
        client.closeHandler(v -> {
            failUnacked("Connection closed before the broker acknowledged the message");
            events.closed();
        });
        client.exceptionHandler(e -> {
            if (e instanceof io.netty.handler.codec.TooLongFrameException) {
                // Netty's decoder cannot skip an oversized PUBLISH: the connection closes and is opened again
                events.dropped("A message from the broker is larger than mqttMaxMessageSize ("
                        + options.transport().getMaxMessageSize() + " bytes): dropped, reconnecting ("
                        + e.getMessage() + ")");
            }
        });
    }

    private static Inbound inbound(MqttPublishMessage m) {
        return new Inbound(m.topicName(), m.payload().getBytes(), m.qosLevel().value(), m.isRetain(), null);
    }

    @Override
    public Future<Void> connect() {
        return client.connect(options.port(), options.host()).compose(ack ->
                ack.code() == MqttConnectReturnCode.CONNECTION_ACCEPTED ? Future.<Void>succeededFuture()
                        : Future.<Void>failedFuture(refusal(ack.code())));
    }

    @Override
    public void subscribe(String filter, SubOptions o) {
        client.subscribe(filter, o.qos());
    }

    @Override
    public void unsubscribe(String filter) {
        client.unsubscribe(filter);
    }

    @Override
    public Future<Void> publish(String topic, byte[] payload, int qos, boolean retain, MqttProperties ignored) {
        MqttQoS level = MqttQoS.valueOf(qos);
        Promise<Void> done = Promise.promise();
        client.publish(topic, Buffer.buffer(payload), level, false, retain).onComplete(ar -> {
            if (ar.failed()) {
                done.fail(ar.cause());
            } else if (level == MqttQoS.AT_MOST_ONCE || ackedEarly.remove(ar.result())) {
                done.complete();
            } else {
                unacked.put(ar.result(), done);
            }
        });
        return done.future();
    }

    private void acknowledged(int packetId) {
        Promise<Void> done = unacked.remove(packetId);
        if (done != null) {
            done.complete();
        } else {
            ackedEarly.add(packetId);
        }
    }

    private void failUnacked(String why) {
        List<Promise<Void>> waiting = new ArrayList<>(unacked.values());
        unacked.clear();
        ackedEarly.clear();
        IllegalStateException e = new IllegalStateException(why);
        waiting.forEach(p -> p.tryFail(e));
    }

    @Override
    public Future<Void> disconnect() {
        failUnacked("Disconnected before the broker acknowledged the message");
        return client.disconnect();
    }

    @Override
    public void abort() {
        client.disconnect();
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
