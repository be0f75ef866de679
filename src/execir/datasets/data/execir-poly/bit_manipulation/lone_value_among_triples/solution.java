public class Main {
    static long loneValue(long[] nums) {
        long result = 0;
        for (int bit = 0; bit < 31; bit++) {
            int count = 0;
            for (long x : nums) count += (x >> bit) & 1;
            if (count % 3 == 1) result |= 1L << bit;
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] nums = new long[n];
        for (int i = 0; i < n; i++) nums[i] = Long.parseLong(t[1 + i]);
        System.out.println(loneValue(nums));
    }
}
