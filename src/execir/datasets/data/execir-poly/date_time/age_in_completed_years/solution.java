public class Main {
    static int ageInYears(String birth, String on) {
        if (on.compareTo(birth) < 0) return -1;
        String[] b = birth.split("-"), o = on.split("-");
        int bm = Integer.parseInt(b[1]), bd = Integer.parseInt(b[2]);
        int om = Integer.parseInt(o[1]), od = Integer.parseInt(o[2]);
        int age = Integer.parseInt(o[0]) - Integer.parseInt(b[0]);
        if (om < bm || (om == bm && od < bd)) age--;
        return age;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            int age = ageInYears(t[1 + 2 * i], t[2 + 2 * i]);
            out.append(age < 0 ? "invalid" : String.valueOf(age)).append("\n");
        }
        System.out.print(out);
    }
}
