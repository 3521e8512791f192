package io.redwire.nodes.dashboard;

import io.redwire.api.NodeConfig;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * node-red-dashboard's text input, date picker and colour picker, run as ui-text-input (the picker of the mode date
 * or color, as Dashboard 2.0's migration guide points to). As Dashboard 1's: a passed-through msg gets the node's
 * topic, a text input resends no text it has sent already when the field is left, and a date picker's msgs carry
 * the day as a JavaScript time in ms, a picked day and a passed-through payload ({@code new Date(payload)}'s time:
 * "2024-05-06" is that day's midnight UTC) alike.
 */
final class Dashboard1TextInput extends TextInputWidget {
    private final boolean days;

    Dashboard1TextInput(NodeConfig c, boolean days) {
        super(c);
        this.days = days;
        described().put("blurSendsChangesOnly", true);
    }

    @Override
    protected void input(Map<String, Object> msg) {
        if (days) {
            msg.put("payload", millis(msg.get("payload")));
        }
        appendTopic(msg);
        super.input(msg);
    }

    @Override
    void clientChange(DashboardSockets.Client client, Object value) {
        super.clientChange(client, days ? millis(value) : value);
    }

    /** {@code value} as ms since 1970 where it reads as a day or a time; unchanged where not. */
    static Object millis(Object value) {
        if (value instanceof Number n) {
            return n.longValue();
        }
        if (!(value instanceof String s) || s.isBlank()) {
            return value;
        }
        try {
            return s.length() == 10 ? LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli()
                    : s.endsWith("Z") ? Instant.parse(s).toEpochMilli() : OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return value;
        }
    }
}
