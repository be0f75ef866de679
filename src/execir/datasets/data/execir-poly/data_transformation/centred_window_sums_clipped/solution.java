import java.util.StringJoiner;

public class Main {
    static String centredSums(long[] values, int radius) {
        int n = values.length;
        long[] prefix = new long[n + 1];
        for (int i = 0; i < n; i++) prefix[i + 1] = prefix[i] + values[i];
        StringJoiner out = new StringJoiner(" ");
        for (int i = 0; i < n; i++) {
            int lo = Math.max(0, i - radius), hi = Math.min(n - 1, i + radius);
            out.add(String.valueOf(prefix[hi + 1] - prefix[lo]));
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), radius = Integer.parseInt(t[1]);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[2 + i]);
        System.out.println(radius < 0 ? "invalid" : centredSums(values, radius));
    }
}
