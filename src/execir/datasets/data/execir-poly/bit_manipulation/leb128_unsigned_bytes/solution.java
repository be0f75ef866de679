import java.util.ArrayList;
import java.util.List;

public class Main {
    static List<Integer> leb128(long value) {
        List<Integer> out = new ArrayList<>();
        if (value < 0) return null;
        while (true) {
            int b = (int) (value & 0x7F);
            value >>= 7;
            if (value != 0) {
                out.add(b | 0x80);
            } else {
                out.add(b);
                return out;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= q; i++) {
            List<Integer> encoded = leb128(Long.parseLong(t[i]));
            if (encoded == null) {
                out.append("invalid\n");
                continue;
            }
            List<String> parts = new ArrayList<>();
            for (int b : encoded) parts.add(String.format("%02X", b));
            out.append(String.join(" ", parts)).append("\n");
        }
        System.out.print(out);
    }
}
