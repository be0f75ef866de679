#include <iostream>
#include <string>

int ageInYears(const std::string& birth, const std::string& on) {
    if (on < birth) return -1;
    int by = std::stoi(birth.substr(0, 4)), bm = std::stoi(birth.substr(5, 2)), bd = std::stoi(birth.substr(8, 2));
    int oy = std::stoi(on.substr(0, 4)), om = std::stoi(on.substr(5, 2)), od = std::stoi(on.substr(8, 2));
    int age = oy - by;
    if (om < bm || (om == bm && od < bd)) age--;
    return age;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        std::string birth, on;
        std::cin >> birth >> on;
        int age = ageInYears(birth, on);
        if (age < 0) std::cout << "invalid\n";
        else std::cout << age << "\n";
    }
    return 0;
}
