package io.redwire.nodes.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Named values gathered into one object as Express's qs (query strings, urlencoded bodies) and multer's append-field
 * (multipart fields) do: a repeated name collects an array, {@code a[b]} nests an object, {@code a[]} appends to an
 * array and {@code a[0]} sets an array element (an index at or past the array limit is an object key); an array
 * that meets an object key becomes an object keyed by its indices. Past the depth limit the rest of a name stays one
 * literal key ({@code "[g][h]"}), as qs does, which also bounds the nesting a hostile name can build — or, with
 * strict depth (body-parser's urlencoded parser), the name is refused with {@link TooDeep}. Arrays may have
 * holes while values arrive; call {@link #result()} once at the end to close them up, as qs compacts.
 */
final class NestedFields {
    /** Express's query parser: qs's default depth, with an array limit of 1000. */
    static final int QUERY_DEPTH = 5;
    static final int QUERY_ARRAY_LIMIT = 1000;
    /** body-parser's urlencoded depth (strict there: deeper is refused), used for multipart fields too. */
    static final int FORM_DEPTH = 32;

    private final Map<String, Object> root = new LinkedHashMap<>();
    private final int depth;
    private final int arrayLimit;
    private final boolean strictDepth;

    /** A name nested deeper than the limit, under strict depth. */
    static final class TooDeep extends RuntimeException {
        TooDeep() {
            super("a name nested deeper than the limit", null, false, false);
        }
    }

    NestedFields(int depth, int arrayLimit, boolean strictDepth) {
        this.depth = depth;
        this.arrayLimit = arrayLimit;
        this.strictDepth = strictDepth;
    }

    void put(String key, String value) {
        List<String> path = path(key);
        Object leaf = value;
        for (int k = path.size() - 1; k >= 1; k--) {
            leaf = wrap(path.get(k), leaf);
        }
        root.put(path.get(0), merge(root.get(path.get(0)), leaf));
    }

    Map<String, Object> result() {
        root.replaceAll((k, v) -> compact(v));
        return root;
    }

    /**
     * The name and its bracketed segments, at most {@code depth} of them (the rest as one literal segment, or
     * {@link TooDeep} under strict depth); the whole key as one name when it is not of the form a[b][c].
     */
    private List<String> path(String key) {
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
            if (path.size() > depth) {
                if (strictDepth) {
                    throw new TooDeep();
                }
                path.add("\u0000" + key.substring(i)); // marked literal: never an index or an append
                return path;
            }
            path.add(key.substring(i + 1, end));
            i = end + 1;
        }
        return path;
    }

    private Object wrap(String segment, Object leaf) {
        if (segment.startsWith("\u0000")) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(segment.substring(1), leaf);
            return map;
        }
        int index = segment.isEmpty() ? 0 : arrayIndex(segment);
        if (index < 0) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put(segment, leaf);
            return map;
        }
        Sparse array = new Sparse();
        array.put(index, leaf);
        return array;
    }

    /** An array while values arrive: by index, holes allowed (a[5] alone holds one entry, not six). */
    private static final class Sparse extends TreeMap<Integer, Object> {
        void push(Object value) {
            put(isEmpty() ? 0 : lastKey() + 1, value);
        }
    }

    /** The segment as an array index below the limit (digits, no leading zero), else -1. */
    private int arrayIndex(String segment) {
        if (segment.length() > 9 || !segment.chars().allMatch(Character::isDigit)
                || segment.length() > 1 && segment.charAt(0) == '0') {
            return -1;
        }
        int index = Integer.parseInt(segment);
        return index < arrayLimit ? index : -1;
    }

    /** qs's merge: the source's values added into the target (the target's own value when absent). */
    @SuppressWarnings("unchecked")
    private static Object merge(Object target, Object source) {
        if (target == null) {
            return source;
        }
        if (target instanceof Sparse array && source instanceof Sparse more) {
            more.forEach((i, item) -> {
                Object there = array.get(i);
                if (there == null) {
                    array.put(i, item);
                } else if (there instanceof Map && !(there instanceof Sparse) && item instanceof Map
                        && !(item instanceof Sparse)) {
                    array.put(i, merge(there, item));
                } else {
                    array.push(item);
                }
            });
            return array;
        }
        if (target instanceof Sparse array && source instanceof Map) {
            return merge(byIndex(array), source);
        }
        if (target instanceof Map && !(target instanceof Sparse) && source instanceof Sparse array) {
            return merge(target, byIndex(array));
        }
        if (target instanceof Map<?, ?> map && !(target instanceof Sparse) && source instanceof Map<?, ?> more) {
            Map<String, Object> out = (Map<String, Object>) map;
            more.forEach((k, v) -> out.put((String) k, merge(out.get(k), v)));
            return out;
        }
        Sparse out = target instanceof Sparse array ? array : new Sparse();
        if (out != target) {
            out.push(target);
        }
        if (source instanceof Sparse more) {
            more.values().forEach(out::push);
        } else {
            out.push(source);
        }
        return out;
    }

    private static Map<String, Object> byIndex(Sparse array) {
        Map<String, Object> map = new LinkedHashMap<>();
        array.forEach((i, v) -> map.put(String.valueOf(i), v));
        return map;
    }

    /** Arrays become lists of their values in index order (holes closed up), all the way down. */
    @SuppressWarnings("unchecked")
    private static Object compact(Object value) {
        if (value instanceof Sparse array) {
            List<Object> list = new ArrayList<>(array.size());
            array.values().forEach(v -> list.add(compact(v)));
            return list;
        }
        if (value instanceof Map<?, ?> map) {
            ((Map<String, Object>) map).replaceAll((k, v) -> compact(v));
        }
        return value;
    }
}
