import java.util.StringJoiner;

public class Main {
    static String binIndices(long[] values, long[] edges) {
        StringJoiner out = new StringJoiner(" ");
        for (long v : values) {
            int index = -1;
            for (int i = 0; i < edges.length; i++) {
                if (v >= edges[i]) index = i;
            }
            out.add(String.valueOf(index));
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), m = Integer.parseInt(t[1]);
        long[] values = new long[n], edges = new long[m];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[2 + i]);
        for (int i = 0; i < m; i++) edges[i] = Long.parseLong(t[2 + n + i]);
        System.out.println(m < 2 ? "invalid" : binIndices(values, edges));
    }
}
