package io.redwire.js;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A stable merge sort that, like JavaScript's Array.prototype.sort, tolerates comparators that are not consistent
 * (NaN keys, mixed types) instead of failing as List.sort may ("Comparison method violates its general contract").
 */
public final class StableSort {
    private StableSort() {
    }

    public static <T> void sort(List<T> list, Comparator<? super T> cmp) {
        if (list.size() < 2) {
            return;
        }
        List<T> sorted = mergeSort(new ArrayList<>(list), cmp);
        for (int i = 0; i < sorted.size(); i++) {
            list.set(i, sorted.get(i));
        }
    }

    private static <T> List<T> mergeSort(List<T> items, Comparator<? super T> cmp) {
        if (items.size() < 2) {
            return items;
        }
        int mid = items.size() / 2;
        List<T> left = mergeSort(new ArrayList<>(items.subList(0, mid)), cmp);
        List<T> right = mergeSort(new ArrayList<>(items.subList(mid, items.size())), cmp);
        List<T> out = new ArrayList<>(items.size());
        int i = 0;
        int j = 0;
        while (i < left.size() && j < right.size()) {
            // take from the right only when strictly smaller, so equal elements keep their order
            if (cmp.compare(right.get(j), left.get(i)) < 0) {
                out.add(right.get(j++));
            } else {
                out.add(left.get(i++));
            }
        }
        out.addAll(left.subList(i, left.size()));
        out.addAll(right.subList(j, right.size()));
        return out;
    }
}
