#include <iostream>
#include <vector>

std::vector<int> intersect(const std::vector<int>& a, const std::vector<int>& b) {
    std::vector<int> out;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] == b[j]) {
            out.push_back(a[i]);
            i++;
            j++;
        } else if (a[i] < b[j]) {
            i++;
        } else {
            j++;
        }
    }
    return out;
}

int main() {
    int n, m;
    std::cin >> n;
    std::vector<int> a(n);
    for (int& v : a) std::cin >> v;
    std::cin >> m;
    std::vector<int> b(m);
    for (int& v : b) std::cin >> v;
    std::vector<int> out = intersect(a, b);
    for (size_t k = 0; k < out.size(); k++) std::cout << (k ? " " : "") << out[k];
    std::cout << "\n";
    return 0;
}
