package io.redwire.reliab;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 26's hostile-page figure for scripts/hostile.sh (dashboardHostilePage), on the engine HostileFigures started
 * (default settings: dashboardMaxFrameBytes 64 KiB, dashboardMaxEventsPerSecond 200): while 5 pages get a chart
 * point every 10 ms, one page sends a 1 MB frame and another 10 000 events a second for 5 s. Both must be cut off,
 * and the other pages must all get the same points meanwhile (none fell behind, none disconnected).
 */
final class DashboardHostileFigures {
    private static final String FLOW = """
            [{"id":"t1","type":"tab"},
             {"id":"hb","type":"ui-base","name":"Hostile","path":"/dashboard"},
             {"id":"hp","type":"ui-page","name":"Load","ui":"hb","path":"/load","layout":"grid"},
             {"id":"hg","type":"ui-group","name":"G","page":"hp","width":"6"},
             {"id":"tick","type":"inject","z":"t1","repeat":"0.01","once":true,"onceDelay":0.5,
              "props":[{"p":"payload","v":"1","vt":"num"}],"payload":"1","payloadType":"num","wires":[["chart"]]},
             {"id":"chart","type":"ui-chart","z":"t1","group":"hg","label":"points","chartType":"line",
              "category":"topic","categoryType":"msg","xAxisType":"time","removeOlderPoints":"100","wires":[[]]},
             {"id":"btn","type":"ui-button","z":"t1","group":"hg","label":"b","payload":"x","payloadType":"str",
              "wires":[[]]}]
            """;
    private static final int GOOD_PAGES = 5;

    private final HostileFigures engine;
    private final int port;

    DashboardHostileFigures(HostileFigures engine, int port) {
        this.engine = engine;
        this.port = port;
    }

    void hostilePages() throws Exception {
        HttpResponse<String> deployed = engine.deploy(FLOW);
        if (deployed.statusCode() / 100 != 2) {
            throw new IllegalStateException("deploy failed: " + deployed.statusCode() + " " + deployed.body());
        }
        List<DashboardPageClient> good = new ArrayList<>();
        try (DashboardPageClient big = new DashboardPageClient(port, "/dashboard/_ws");
             DashboardPageClient flood = new DashboardPageClient(port, "/dashboard/_ws")) {
            for (int i = 0; i < GOOD_PAGES; i++) {
                good.add(new DashboardPageClient(port, "/dashboard/_ws"));
            }
            Thread.sleep(1500); // the inject starts
            long[] before = good.stream().mapToLong(DashboardPageClient::points).toArray();
            long t0 = System.nanoTime();
            big.send("{\"type\":\"change\",\"id\":\"btn\",\"value\":\"" + "x".repeat(1 << 20) + "\"}");
            Integer bigCode = big.closedWith(10);
            int sent = 0;
            long floodEnd = System.nanoTime() + 5_000_000_000L;
            String event = "{\"type\":\"action\",\"id\":\"btn\",\"msg\":{}}";
            while (System.nanoTime() < floodEnd && flood.closedWith(0) == null) {
                long second = System.nanoTime();
                for (int i = 0; i < 10_000 && flood.send(event); i++) {
                    sent++;
                }
                long rest = 1_000_000_000L - (System.nanoTime() - second);
                if (rest > 0) {
                    Thread.sleep(rest / 1_000_000);
                }
            }
            Integer floodCode = flood.closedWith(10);
            double seconds = (System.nanoTime() - t0) / 1e9;
            Thread.sleep(1000);
            List<Long> got = new ArrayList<>();
            long least = Long.MAX_VALUE;
            for (int i = 0; i < GOOD_PAGES; i++) {
                long n = good.get(i).points() - before[i];
                got.add(n);
                least = Math.min(least, n);
            }
            long most = got.stream().mapToLong(Long::longValue).max().orElse(0);
            boolean stillOpen = good.stream().allMatch(p -> {
                try {
                    return p.closedWith(0) == null;
                } catch (Exception e) {
                    return false;
                }
            });
            // every good page saw the same points (a page that fell behind or was dropped would have fewer) and they
            // kept coming; how many the inject made in the time depends on the machine's load, not on the pages
            boolean kept = stillOpen && least > 0 && most - least <= 2;
            engine.figure(bigCode != null && floodCode != null && kept, "dashboard hostile pages: a 1 MB frame closed "
                    + bigCode + ", a flood closed " + floodCode + " after " + sent + " events; " + GOOD_PAGES
                    + " other pages got " + got + " chart points in " + String.format("%.1f", seconds)
                    + " s (inject: every 10 ms), all still connected: " + stillOpen);
        } finally {
            good.forEach(DashboardPageClient::close);
        }
    }
}
