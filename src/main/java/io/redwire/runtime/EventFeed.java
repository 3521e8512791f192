package io.redwire.runtime;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;

/** The runtime's event feed to the editor and headless printers: (topic, data) like Node-RED's comms. */
public final class EventFeed {
    private final List<BiConsumer<String, Object>> listeners = new CopyOnWriteArrayList<>();

    public Runnable subscribe(BiConsumer<String, Object> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    public void publish(String topic, Object data) {
        for (var l : listeners) {
            l.accept(topic, data);
        }
    }

    public boolean hasListeners() {
        return !listeners.isEmpty();
    }
}
