public class Main {
    static long maxPairXor(long[] nums) {
        long best = -1;
        for (int i = 0; i < nums.length; i++) {
            for (int j = i + 1; j < nums.length; j++) {
                long value = nums[i] ^ nums[j];
                if (value > best) best = value;
            }
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] nums = new long[n];
        for (int i = 0; i < n; i++) nums[i] = Long.parseLong(t[1 + i]);
        System.out.println(maxPairXor(nums));
    }
}
