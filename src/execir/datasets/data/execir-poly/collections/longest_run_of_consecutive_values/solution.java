import java.util.HashSet;

public class Main {
    static int longestConsecutive(long[] values) {
        HashSet<Long> present = new HashSet<>();
        for (long v : values) present.add(v);
        int best = 0;
        for (long v : present) {
            if (present.contains(v - 1)) continue;
            int length = 1;
            while (present.contains(v + length)) length++;
            best = Math.max(best, length);
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[1 + i]);
        System.out.println(longestConsecutive(values));
    }
}
