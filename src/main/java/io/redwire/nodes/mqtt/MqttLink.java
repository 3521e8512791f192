package io.redwire.nodes.mqtt;

import io.vertx.core.Future;

/**
 * One client connection to a broker in one protocol version: {@link VertxMqttLink} for MQTT 3.1.1,
 * {@link PahoMqttLink} for MQTT 5. {@link MqttConnection} makes a new link per connect attempt and keeps the
 * subscriptions, reconnects and status itself. Every future completes, and every {@link Events} call comes, on the
 * event loop the link was made on.
 */
interface MqttLink {
    /** What a link reports. */
    interface Events {
        void message(Inbound message);

        /** The connection ended without {@link #disconnect} being asked for (or after it). */
        void closed();

        /** The link dropped what the broker sent (a message over mqttMaxMessageSize): why, for a warning. */
        void dropped(String why);
    }

    /** A received PUBLISH; {@code properties} is null on MQTT 3.1.1. */
    record Inbound(String topic, byte[] payload, int qos, boolean retain, MqttProperties properties) {
    }

    /** Subscription options: MQTT 5's no local / retain as published / retain handling, when set. */
    record SubOptions(int qos, Boolean noLocal, Boolean retainAsPublished, int retainHandling) {
        static SubOptions qos(int qos) {
            return new SubOptions(qos, null, null, 0);
        }
    }

    /** Connects; fails with the reason (Node-RED's words for a refusal) when the broker does not accept. */
    Future<Void> connect();

    void subscribe(String filter, SubOptions options);

    void unsubscribe(String filter);

    /**
     * Publishes; completes once written (QoS 0) or acknowledged (QoS 1 / 2), fails when the connection ends first.
     * {@code properties} may be null and is ignored by a 3.1.1 link.
     */
    Future<Void> publish(String topic, byte[] payload, int qos, boolean retain, MqttProperties properties);

    /** Sends DISCONNECT and closes; completes when closed. */
    Future<Void> disconnect();

    /** Drops the connection (or attempt) without a goodbye. */
    void abort();
}
