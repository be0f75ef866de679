public class Main {
    static long totalHamming(long[] nums) {
        long total = 0;
        for (int bit = 0; bit < 31; bit++) {
            long ones = 0;
            for (long x : nums) ones += (x >> bit) & 1;
            total += ones * (nums.length - ones);
        }
        return total;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] nums = new long[n];
        for (int i = 0; i < n; i++) nums[i] = Long.parseLong(t[1 + i]);
        System.out.println(totalHamming(nums));
    }
}
