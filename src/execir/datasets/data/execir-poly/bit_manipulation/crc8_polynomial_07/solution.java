public class Main {
    static int crc8(int[] data) {
        int crc = 0;
        for (int b : data) {
            if (b < 0 || b > 255) return -1;
            crc ^= b;
            for (int i = 0; i < 8; i++) {
                if ((crc & 0x80) != 0) crc = ((crc << 1) ^ 0x07) & 0xFF;
                else crc = (crc << 1) & 0xFF;
            }
        }
        return crc;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) data[i] = Integer.parseInt(t[1 + i]);
        int result = crc8(data);
        System.out.println(result < 0 ? "invalid" : String.format("%02X", result));
    }
}
