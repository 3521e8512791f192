package io.redwire.nodes.dashboard;

import io.redwire.msg.Json;
import io.redwire.msg.Messages;

import io.vertx.core.http.ServerWebSocket;
import io.vertx.ext.web.RoutingContext;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The open dashboard pages of one ui-base. Frames are JSON objects with a {@code type}; a page sends
 * {@code action} (a button's or a picked row's msg), {@code change} (an input's new value) and {@code send} (a
 * template's own msg) frames. A page that sends a frame over
 * {@code dashboardMaxFrameBytes}, anything but text, or more than {@code dashboardMaxEventsPerSecond} events a second
 * is disconnected alone; a page that does not read gets at most {@code socketMaxBufferedBytes} queued and misses
 * the updates beyond that (the next page load replays the state).
 */
final class DashboardSockets {
    /** One open page. */
    final class Client {
        private final String id = Messages.newId();
        private final ServerWebSocket ws;
        private final String ip;
        private long windowStart = System.nanoTime();
        private int eventsInWindow;

        private Client(ServerWebSocket ws) {
            this.ws = ws;
            this.ip = ws.remoteAddress() == null ? null : ws.remoteAddress().hostAddress();
        }

        String id() {
            return id;
        }

        String ip() {
            return ip;
        }

        void send(Map<String, Object> frame) {
            serialised(frame).ifPresent(this::sendText);
        }

        private void sendText(String text) {
            if (!ws.isClosed() && !ws.writeQueueFull()) {
                ws.writeTextMessage(text);
            }
        }

        private boolean overRate() {
            long now = System.nanoTime();
            if (now - windowStart >= 1_000_000_000L) {
                windowStart = now;
                eventsInWindow = 0;
            }
            return ++eventsInWindow > maxEvents;
        }
    }

    private final UiBaseNode base;
    private final int maxFrame;
    private final int maxEvents;
    private final int maxBuffered;
    private final Map<String, Client> clients = new LinkedHashMap<>();

    DashboardSockets(UiBaseNode base, int maxFrame, int maxEvents, int maxBuffered) {
        this.base = base;
        this.maxFrame = maxFrame;
        this.maxEvents = maxEvents;
        this.maxBuffered = maxBuffered;
    }

    void upgrade(RoutingContext ctx) {
        if (!"websocket".equalsIgnoreCase(ctx.request().getHeader("upgrade"))) {
            ctx.response().setStatusCode(426).putHeader("content-type", "text/plain").end("Upgrade Required");
            return;
        }
        ctx.request().toWebSocket().onSuccess(this::attach)
                .onFailure(e -> base.warn("dashboard socket failed to open: " + e.getMessage()));
    }

    private void attach(ServerWebSocket ws) {
        Client client = new Client(ws);
        clients.put(client.id, client);
        ws.setWriteQueueMaxSize(maxBuffered);
        ws.textMessageHandler(text -> received(client, text));
        ws.binaryMessageHandler(b -> cutOff(client, (short) 1003, "text frames only"));
        ws.exceptionHandler(e -> {
            if (e instanceof io.vertx.core.http.HttpClosedException) {
                left(client); // a page that left without a close frame
            } else {
                cutOff(client, (short) 1002, String.valueOf(e.getMessage())); // e.g. a frame over the server's limit
            }
        });
        ws.closeHandler(v -> left(client));
        base.sendLayoutAndState(client);
        base.pageOpened(client);
    }

    private void left(Client client) {
        if (clients.remove(client.id) != null) {
            base.pageClosed(client);
        }
    }

    private void received(Client client, String text) {
        if (text.length() > maxFrame) {
            cutOff(client, (short) 1009, "frame over dashboardMaxFrameBytes");
            return;
        }
        if (client.overRate()) {
            cutOff(client, (short) 1008, "more than dashboardMaxEventsPerSecond events");
            return;
        }
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (Exception e) {
            cutOff(client, (short) 1007, "not JSON");
            return;
        }
        if (!(parsed instanceof Map<?, ?> frame) || !(frame.get("id") instanceof String id)) {
            return;
        }
        WidgetNode widget = base.widget(id);
        if (widget == null) {
            return; // a page showing a widget since removed by a deploy
        }
        switch (String.valueOf(frame.get("type"))) {
            case "action" -> widget.clientAction(client, frame.get("msg"));
            case "change" -> widget.clientChange(client, frame.get("value"));
            case "send" -> widget.clientSend(client, frame.get("msg"));
            default -> { }
        }
    }

    private void cutOff(Client client, short code, String reason) {
        if (clients.containsKey(client.id)) {
            left(client);
            base.warn("dashboard page " + client.ip + " disconnected: " + reason);
            if (!client.ws.isClosed()) {
                client.ws.close(code, reason);
            }
        }
    }

    /**
     * Sends {@code frame} (serialised once) to every page but {@code except}; only to {@code onlyTo} when that is
     * set.
     */
    void broadcast(Map<String, Object> frame, String except, String onlyTo) {
        if (!clients.isEmpty()) {
            serialised(frame).ifPresent(text -> clients.values().stream()
                    .filter(c -> !c.id.equals(except) && (onlyTo == null || onlyTo.equals(c.id)))
                    .forEach(c -> c.sendText(text)));
        }
    }

    /** The frame as JSON, or empty (with a warning) when a msg in it cannot be written, e.g. a circular one. */
    private Optional<String> serialised(Map<String, Object> frame) {
        try {
            return Optional.of(Json.stringify(frame));
        } catch (RuntimeException e) {
            base.warn("dashboard update not sent: " + e.getMessage());
            return Optional.empty();
        }
    }

    void each(Consumer<Client> action) {
        clients.values().forEach(action);
    }

    void closeAll() {
        clients.values().forEach(c -> c.ws.close((short) 1001, "dashboard redeployed"));
        clients.clear();
    }
}
