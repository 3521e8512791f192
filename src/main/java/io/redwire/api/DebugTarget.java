package io.redwire.api;

/** A node the admin API can switch on and off (POST /debug/:id/enable|disable): the debug node. */
public interface DebugTarget {
    void setActive(boolean on);

    boolean isActive();
}
