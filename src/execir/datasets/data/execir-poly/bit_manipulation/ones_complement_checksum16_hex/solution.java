public class Main {
    static long checksum16(long[] words) {
        long total = 0;
        for (long word : words) {
            if (word < 0 || word > 0xFFFF) return -1;
            total += word;
            while (total > 0xFFFF) total = (total & 0xFFFF) + (total >> 16);
        }
        return ~total & 0xFFFF;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] words = new long[n];
        for (int i = 0; i < n; i++) words[i] = Long.parseLong(t[1 + i]);
        long result = checksum16(words);
        System.out.println(result < 0 ? "invalid" : String.format("%04X", result));
    }
}
