package io.redwire.testing;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Two screenshots composed left and right on one PNG with an 8-bit palette, for the docs: a page of flat colours
 * needs no more than 256, and the palette keeps the file a fraction of the 24-bit size. The palette is the 256 most
 * common colours (channels rounded to 4 bits so anti-aliased shades pool), each pixel mapped to the nearest one.
 */
public final class SideBySidePng {
    private static final int GAP = 16;

    private SideBySidePng() {
    }

    public static void write(byte[] left, byte[] right, Path out) throws IOException {
        BufferedImage a = ImageIO.read(new ByteArrayInputStream(left));
        BufferedImage b = ImageIO.read(new ByteArrayInputStream(right));
        BufferedImage both = new BufferedImage(a.getWidth() + GAP + b.getWidth(), Math.max(a.getHeight(),
                b.getHeight()), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = both.createGraphics();
        g.setColor(new Color(0x9e9e9e));
        g.fillRect(0, 0, both.getWidth(), both.getHeight());
        g.drawImage(a, 0, 0, null);
        g.drawImage(b, a.getWidth() + GAP, 0, null);
        g.dispose();
        ImageIO.write(paletted(both), "png", out.toFile());
    }

    static BufferedImage paletted(BufferedImage rgb) {
        int w = rgb.getWidth();
        int h = rgb.getHeight();
        int[] px = rgb.getRGB(0, 0, w, h, null, 0, w);
        Map<Integer, int[]> pools = new HashMap<>(); // rounded colour -> {count, sum r, sum g, sum b}
        for (int p : px) {
            int[] pool = pools.computeIfAbsent(p & 0xf0f0f0, k -> new int[4]);
            pool[0]++;
            pool[1] += (p >> 16) & 0xff;
            pool[2] += (p >> 8) & 0xff;
            pool[3] += p & 0xff;
        }
        int[][] top = pools.values().stream().sorted((x, y) -> y[0] - x[0]).limit(256).toArray(int[][]::new);
        byte[] r = new byte[top.length];
        byte[] gr = new byte[top.length];
        byte[] bl = new byte[top.length];
        for (int i = 0; i < top.length; i++) {
            r[i] = (byte) (top[i][1] / top[i][0]);
            gr[i] = (byte) (top[i][2] / top[i][0]);
            bl[i] = (byte) (top[i][3] / top[i][0]);
        }
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED,
                new IndexColorModel(8, top.length, r, gr, bl));
        Map<Integer, Integer> nearest = new HashMap<>();
        byte[] indices = new byte[w * h];
        for (int i = 0; i < px.length; i++) {
            int p = px[i] & 0xffffff;
            indices[i] = (byte) (int) nearest.computeIfAbsent(p, c -> closest(c, r, gr, bl));
        }
        out.getRaster().setDataElements(0, 0, w, h, indices);
        return out;
    }

    private static int closest(int c, byte[] r, byte[] g, byte[] b) {
        int best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int i = 0; i < r.length; i++) {
            long dr = ((c >> 16) & 0xff) - (r[i] & 0xff);
            long dg = ((c >> 8) & 0xff) - (g[i] & 0xff);
            long db = (c & 0xff) - (b[i] & 0xff);
            long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        return best;
    }
}
