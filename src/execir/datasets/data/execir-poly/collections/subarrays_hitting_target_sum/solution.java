import java.util.HashMap;

public class Main {
    static long countTargetSubarrays(long[] values, long target) {
        HashMap<Long, Long> seen = new HashMap<>();
        seen.put(0L, 1L);
        long running = 0, total = 0;
        for (long value : values) {
            running += value;
            total += seen.getOrDefault(running - target, 0L);
            seen.merge(running, 1L, Long::sum);
        }
        return total;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long target = Long.parseLong(t[1]);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[2 + i]);
        System.out.println(countTargetSubarrays(values, target));
    }
}
