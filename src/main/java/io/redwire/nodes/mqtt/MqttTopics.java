package io.redwire.nodes.mqtt;

/**
 * MQTT topic rules as Node-RED 5.0.7's mqtt nodes apply them: which filters may be subscribed, which topics may be
 * published, and which subscription a received topic belongs to ({@code $share/<name>/} prefixes are ignored, a
 * {@code +} level matches one non-empty level, a trailing {@code /#} also matches the parent level).
 */
final class MqttTopics {
    private MqttTopics() {
    }

    /** Levels of "+", or a trailing "#", or text without wildcards. */
    static boolean validSubscription(String filter) {
        String[] levels = filter.split("/", -1);
        for (int i = 0; i < levels.length; i++) {
            String level = levels[i];
            if (level.equals("+") || (level.equals("#") && i == levels.length - 1)) {
                continue;
            }
            if (level.indexOf('+') >= 0 || level.indexOf('#') >= 0) {
                return false;
            }
        }
        return true;
    }

    static boolean validPublish(String topic) {
        if (topic.isEmpty()) {
            return false;
        }
        for (int i = 0; i < topic.length(); i++) {
            switch (topic.charAt(i)) {
                case '+', '#', '\b', '\f', '\n', '\r', '\t', '\u000b', '\0' -> {
                    return false;
                }
                default -> {
                }
            }
        }
        return true;
    }

    /** A compiled subscription filter; {@link #matches} splits nothing but the received topic. */
    static final class Filter {
        private final String[] levels;
        private final boolean all;
        private final boolean multiLevelTail;

        Filter(String filter) {
            String f = filter;
            if (f.startsWith("$share/")) {
                int slash = f.indexOf('/', 7);
                f = slash < 0 ? f : f.substring(slash + 1);
            }
            this.all = f.equals("#");
            this.multiLevelTail = f.endsWith("/#");
            this.levels = (multiLevelTail ? f.substring(0, f.length() - 2) : f).split("/", -1);
        }

        boolean matches(String topic) {
            if (all) {
                return true;
            }
            int pos = 0;
            for (int i = 0; i < levels.length; i++) {
                if (pos > topic.length()) {
                    return false;
                }
                int end = topic.indexOf('/', pos);
                if (end < 0) {
                    end = topic.length();
                }
                String level = levels[i];
                if (level.equals("+")) {
                    if (end == pos) {
                        return false;
                    }
                } else if (!topic.regionMatches(pos, level, 0, level.length()) || end - pos != level.length()) {
                    return false;
                }
                boolean last = i == levels.length - 1;
                if (last) {
                    return end == topic.length() || (multiLevelTail && topic.charAt(end) == '/');
                }
                if (end == topic.length()) {
                    return false;
                }
                pos = end + 1;
            }
            return false;
        }
    }
}
