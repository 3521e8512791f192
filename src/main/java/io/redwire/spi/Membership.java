package io.redwire.spi;

/**
 * This process's place among Redwire instances running the same flows. Work that must happen once for all of
 * them (a repeating inject) runs only where {@link #leader()} is true; a single process is always the leader.
 */
public interface Membership {
    Membership SINGLE = new Membership() {
        @Override
        public boolean leader() {
            return true;
        }

        @Override
        public String memberId() {
            return "local";
        }
    };

    /** Whether this member runs the work that must happen once (changes when the leader leaves). */
    boolean leader();

    /** This member's id, unique in the cluster. */
    String memberId();
}
