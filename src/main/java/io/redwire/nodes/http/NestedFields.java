package io.redwire.nodes.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Named values gathered into one object as Express's qs (query strings, urlencoded bodies) and multer's append-field
 * (multipart fields) do: a repeated name collects an array, {@code a[b]} nests an object, {@code a[]} appends to an
 * array and {@code a[0]} sets an array element (qs's array limit: an index of 20 or more is an object key); an array
 * that meets an object key becomes an object keyed by its indices. Arrays may have holes while values arrive; call
 * {@link #result()} once at the end to close them up, as qs compacts.
 */
final class NestedFields {
    private static final int ARRAY_LIMIT = 20;

    private final Map<String, Object> root = new LinkedHashMap<>();

    void put(String key, String value) {
        List<String> path = path(key);
        Object leaf = value;
        for (int k = path.size() - 1; k >= 1; k--) {
            leaf = wrap(path.get(k), leaf);
        }
        root.put(path.get(0), merge(root.get(path.get(0)), leaf));
    }

    Map<String, Object> result() {
        compact(root);
        return root;
    }

    /** The name and its bracketed segments; the whole key as one name when it is not of the form a[b][c]. */
    private static List<String> path(String key) {
        int bracket = key.indexOf('[');
        if (bracket <= 0 || !key.endsWith("]")) {
            return List.of(key);
        }
        List<String> path = new ArrayList<>();
        path.add(key.substring(0, bracket));
        for (int i = bracket; i < key.length(); ) {
            int end = key.indexOf(']', i);
            if (key.charAt(i) != '[' || end < 0) {
                return List.of(key);
            }
            path.add(key.substring(i + 1, end));
            i = end + 1;
        }
        return path;
    }

    private static Object wrap(String segment, Object leaf) {
        if (segment.isEmpty()) {
            List<Object> list = new ArrayList<>();
            list.add(leaf);
            return list;
        }
        int index = arrayIndex(segment);
        if (index < 0) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(segment, leaf);
            return map;
        }
        List<Object> list = new ArrayList<>();
        while (list.size() < index) {
            list.add(null); // a hole, closed up at the end
        }
        list.add(leaf);
        return list;
    }

    /** The segment as an array index below the limit (digits, no leading zero), else -1. */
    private static int arrayIndex(String segment) {
        if (segment.length() > 2 || !segment.chars().allMatch(Character::isDigit)
                || segment.length() > 1 && segment.charAt(0) == '0') {
            return -1;
        }
        int index = Integer.parseInt(segment);
        return index < ARRAY_LIMIT ? index : -1;
    }

    /** qs's merge: the source's values added into the target (the target's own value when absent). */
    @SuppressWarnings("unchecked")
    private static Object merge(Object target, Object source) {
        if (target == null) {
            return source;
        }
        if (target instanceof List<?> list && source instanceof List<?> more) {
            List<Object> out = (List<Object>) list;
            for (int i = 0; i < more.size(); i++) {
                Object item = more.get(i);
                if (item == null) {
                    continue;
                }
                Object there = i < out.size() ? out.get(i) : null;
                if (there == null) {
                    while (out.size() <= i) {
                        out.add(null);
                    }
                    out.set(i, item);
                } else if (there instanceof Map && item instanceof Map) {
                    out.set(i, merge(there, item));
                } else {
                    out.add(item);
                }
            }
            return out;
        }
        if (target instanceof List<?> list && source instanceof Map) {
            return merge(byIndex(list), source);
        }
        if (target instanceof Map<?, ?> map && source instanceof Map<?, ?> more) {
            Map<String, Object> out = (Map<String, Object>) map;
            more.forEach((k, v) -> out.put((String) k, merge(out.get(k), v)));
            return out;
        }
        if (target instanceof Map<?, ?> map && source instanceof List<?> list) {
            return merge(map, byIndex(list));
        }
        List<Object> out = target instanceof List<?> list ? (List<Object>) list : new ArrayList<>(List.of(target));
        if (source instanceof List<?> list) {
            list.stream().filter(v -> v != null).forEach(out::add);
        } else {
            out.add(source);
        }
        return out;
    }

    private static Map<String, Object> byIndex(List<?> list) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) != null) {
                map.put(String.valueOf(i), list.get(i));
            }
        }
        return map;
    }

    @SuppressWarnings("unchecked")
    private static void compact(Object value) {
        if (value instanceof List<?> list) {
            list.removeIf(v -> v == null);
            list.forEach(NestedFields::compact);
        } else if (value instanceof Map<?, ?> map) {
            ((Map<String, Object>) map).values().forEach(NestedFields::compact);
        }
    }
}
