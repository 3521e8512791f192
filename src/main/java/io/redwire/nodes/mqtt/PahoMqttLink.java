package io.redwire.nodes.mqtt;

import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.net.ClientSSLOptions;

import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.UserProperty;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An MQTT 5 link on Eclipse Paho's v5 client. Paho does its network I/O on its own threads; every callback and
 * completion is handed back to the event loop the link was made on, so the connection and the nodes stay
 * single-threaded. Paho's own reconnect is off: {@link MqttConnection} reconnects.
 */
final class PahoMqttLink implements MqttLink {
    private final Vertx vertx;
    private final Context loop;
    private final MqttConnection.Options options;
    private final ClientSSLOptions tls;
    private final Events events;
    private final Set<Promise<Void>> unacked = ConcurrentHashMap.newKeySet();
    private volatile MqttAsyncClient client;
    private volatile boolean ended;

    PahoMqttLink(Vertx vertx, MqttConnection.Options options, ClientSSLOptions tls, Events events) {
        this.vertx = vertx;
        this.loop = vertx.getOrCreateContext();
        this.options = options;
        this.tls = tls;
        this.events = events;
    }

    @Override
    public Future<Void> connect() {
        Promise<Void> done = Promise.promise();
        // building the client and the TLS context reads key material and opens nothing yet, but stays off the loop
        vertx.executeBlocking(() -> {
            MqttAsyncClient c = new MqttAsyncClient((options.ssl() ? "ssl://" : "tcp://") + host() + ":"
                    + options.port(), options.clientId(), new MemoryPersistence());
            c.setCallback(new Callback());
            client = c;
            c.connect(connectOptions(), null, listener(done));
            return null;
        }, false).onFailure(e -> done.tryFail(reason(e)));
        return done.future();
    }

    private String host() {
        return options.host().contains(":") ? "[" + options.host() + "]" : options.host();
    }

    private MqttConnectionOptions connectOptions() throws Exception {
        MqttConnectionOptions o = new MqttConnectionOptions();
        o.setCleanStart(options.cleanSession());
        o.setKeepAliveInterval(options.keepAlive());
        o.setConnectionTimeout(30);
        o.setAutomaticReconnect(false);
        o.setMaximumPacketSize((long) options.transport().getMaxMessageSize());
        o.setRequestResponseInfo(true);
        o.setRequestProblemInfo(true);
        if (options.username() != null) {
            o.setUserName(options.username());
        }
        if (options.password() != null) {
            o.setPassword(options.password().getBytes(StandardCharsets.UTF_8));
        }
        if (options.sessionExpiry() != null) {
            o.setSessionExpiryInterval(options.sessionExpiry());
        }
        if (options.userProperties() != null) {
            o.setUserProperties(userProperties(options.userProperties()));
        }
        MqttConnection.Message will = options.will();
        if (will != null) {
            o.setWill(will.topic(), message(will.payload(), will.qos(), will.retain(), null));
            o.setWillMessageProperties(properties(will.properties()));
        }
        if (options.ssl()) {
            o.setSocketFactory(sslContext().getSocketFactory());
            o.setHttpsHostnameVerificationEnabled(tls != null ? tls.getHostnameVerificationAlgorithm() != null
                    && !tls.getHostnameVerificationAlgorithm().isEmpty() : options.verifyServerCert());
        }
        return o;
    }

    private SSLContext sslContext() throws Exception {
        TrustManager[] trust = null;
        KeyManager[] keys = null;
        boolean trustAll = tls != null ? tls.isTrustAll() : !options.verifyServerCert();
        if (trustAll) {
            trust = InsecureTrustManagerFactory.INSTANCE.getTrustManagers();
        } else if (tls != null && tls.getTrustOptions() != null) {
            trust = tls.getTrustOptions().getTrustManagerFactory(vertx).getTrustManagers();
        }
        if (tls != null && tls.getKeyCertOptions() != null) {
            keys = tls.getKeyCertOptions().getKeyManagerFactory(vertx).getKeyManagers();
        }
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(keys, trust, null);
        return ctx;
    }

    @Override
    public void subscribe(String filter, SubOptions o) {
        MqttSubscription s = new MqttSubscription(filter, o.qos());
        if (o.noLocal() != null) {
            s.setNoLocal(o.noLocal());
        }
        s.setRetainAsPublished(o.retainAsPublished() == null || o.retainAsPublished());
        s.setRetainHandling(o.retainHandling());
        run(c -> c.subscribe(s));
    }

    @Override
    public void unsubscribe(String filter) {
        run(c -> c.unsubscribe(filter));
    }

    @Override
    public Future<Void> publish(String topic, byte[] payload, int qos, boolean retain, MqttProperties props) {
        Promise<Void> done = Promise.promise();
        MqttAsyncClient c = client;
        if (c == null) {
            return Future.failedFuture("not connected");
        }
        unacked.add(done);
        try {
            // Paho completes a QoS 0 publish once written, QoS 1 / 2 once acknowledged
            c.publish(topic, message(payload, qos, retain, props), null, listener(done));
        } catch (MqttException e) {
            done.tryFail(reason(e));
        }
        return done.future().onComplete(ar -> unacked.remove(done));
    }

    @Override
    public Future<Void> disconnect() {
        Promise<Void> done = Promise.promise();
        MqttAsyncClient c = client;
        ended = true;
        failUnacked("Disconnected before the broker acknowledged the message");
        if (c == null) {
            return Future.succeededFuture();
        }
        try {
            c.disconnect(0, null, new MqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    release(c).onComplete(ar -> done.tryComplete());
                }

                @Override
                public void onFailure(IMqttToken token, Throwable e) {
                    release(c).onComplete(ar -> done.tryComplete());
                }
            }, 0, null);
        } catch (MqttException e) {
            release(c).onComplete(ar -> done.tryComplete());
        }
        return done.future();
    }

    @Override
    public void abort() {
        ended = true;
        MqttAsyncClient c = client;
        if (c != null) {
            release(c);
        }
    }

    /** Frees Paho's threads; close(true) may wait, so it runs off the loop. */
    private Future<Void> release(MqttAsyncClient c) {
        return vertx.executeBlocking(() -> {
            try {
                if (c.isConnected()) {
                    c.disconnectForcibly(0, 1000, false);
                }
                c.close(true);
            } catch (MqttException e) {
                // already closed
            }
            return null;
        }, false);
    }

    private interface ClientCall {
        void call(MqttAsyncClient c) throws MqttException;
    }

    private void run(ClientCall call) {
        MqttAsyncClient c = client;
        if (c == null) {
            return;
        }
        try {
            call.call(c);
        } catch (MqttException e) {
            // the connection is going; its close re-subscribes everything on the next connect
        }
    }

    private MqttActionListener listener(Promise<Void> done) {
        return new MqttActionListener() {
            @Override
            public void onSuccess(IMqttToken token) {
                loop.runOnContext(v -> done.tryComplete());
            }

            @Override
            public void onFailure(IMqttToken token, Throwable e) {
                loop.runOnContext(v -> done.tryFail(reason(e)));
            }
        };
    }

    private void failUnacked(String why) {
        List<Promise<Void>> waiting = new ArrayList<>(unacked);
        unacked.clear();
        waiting.forEach(p -> p.tryFail(why));
    }

    private static String reason(Throwable e) {
        return MqttConnection.reason(e);
    }

    private static MqttMessage message(byte[] payload, int qos, boolean retain, MqttProperties props) {
        MqttMessage m = new MqttMessage(payload, qos, retain, properties(props));
        return m;
    }

    private static org.eclipse.paho.mqttv5.common.packet.MqttProperties properties(MqttProperties p) {
        org.eclipse.paho.mqttv5.common.packet.MqttProperties out =
                new org.eclipse.paho.mqttv5.common.packet.MqttProperties();
        if (p == null) {
            return out;
        }
        if (p.responseTopic() != null) {
            out.setResponseTopic(p.responseTopic());
        }
        if (p.correlationData() != null) {
            out.setCorrelationData(p.correlationData());
        }
        if (p.contentType() != null) {
            out.setContentType(p.contentType());
        }
        if (p.messageExpiryInterval() != null) {
            out.setMessageExpiryInterval(p.messageExpiryInterval());
        }
        if (p.payloadFormatIndicator() != null) {
            out.setPayloadFormat(p.payloadFormatIndicator());
        }
        if (p.userProperties() != null) {
            out.setUserProperties(userProperties(p.userProperties()));
        }
        return out;
    }

    private static List<UserProperty> userProperties(Map<String, String> props) {
        List<UserProperty> list = new ArrayList<>(props.size());
        props.forEach((k, v) -> list.add(new UserProperty(k, v)));
        return list;
    }

    private static MqttProperties received(org.eclipse.paho.mqttv5.common.packet.MqttProperties p) {
        if (p == null) {
            return MqttProperties.NONE;
        }
        Map<String, String> user = null;
        if (p.getUserProperties() != null && !p.getUserProperties().isEmpty()) {
            user = new LinkedHashMap<>();
            for (UserProperty u : p.getUserProperties()) {
                user.put(u.getKey(), u.getValue());
            }
        }
        // Paho keeps the payload format indicator as a plain boolean: only "1" (UTF-8) can be told apart
        return new MqttProperties(p.getResponseTopic(), p.getCorrelationData(), p.getContentType(),
                p.getMessageExpiryInterval(), p.getPayloadFormat() ? Boolean.TRUE : null, p.getReasonString(), user);
    }

    /** Paho's callbacks, each handed to the loop. */
    private final class Callback implements MqttCallback {
        @Override
        public void disconnected(MqttDisconnectResponse response) {
            closedByPeer();
        }

        @Override
        public void mqttErrorOccurred(MqttException exception) {
        }

        @Override
        public void messageArrived(String topic, MqttMessage m) {
            Inbound in = new Inbound(topic, m.getPayload(), m.getQos(), m.isRetained(), received(m.getProperties()));
            loop.runOnContext(v -> events.message(in));
        }

        @Override
        public void deliveryComplete(IMqttToken token) {
        }

        @Override
        public void connectComplete(boolean reconnect, String serverURI) {
        }

        @Override
        public void authPacketArrived(int reasonCode, org.eclipse.paho.mqttv5.common.packet.MqttProperties p) {
        }
    }

    private void closedByPeer() {
        MqttAsyncClient c = client;
        loop.runOnContext(v -> {
            failUnacked("Connection closed before the broker acknowledged the message");
            if (!ended) {
                ended = true;
                if (c != null) {
                    release(c);
                }
                events.closed();
            }
        });
    }
}
