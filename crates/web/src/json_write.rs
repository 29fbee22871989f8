//! Writing values by hand as JSON trees, in the form serde writes them
//! (the mirror of [`crate::json_read`]): a struct as an object, an enum's
//! variant as `"Name"` or `{"Name": content}`, a tuple as a list, `None`
//! as null. serde's derived writing through serde-wasm-bindgen took more
//! of the page's module (docs/performance.md); the tests hold each writer
//! to serde_json's derived one (`json_write_tests.rs`).
//!
//! The tree is the page's JavaScript value (posted to the worker or the
//! host page, or `JSON.stringify`d for localStorage) or, in tests,
//! serde_json's.

/// A JSON value being built: the page's JavaScript value, or serde_json's
/// in tests. Numbers come in serde's three kinds, which JavaScript holds
/// alike and serde_json tells apart.
pub trait JsonBuild: Sized {
    fn null() -> Self;
    fn boolean(b: bool) -> Self;
    fn whole(n: u64) -> Self;
    fn signed(n: i64) -> Self;
    fn float(x: f64) -> Self;
    fn text(s: &str) -> Self;
    fn list(items: Vec<Self>) -> Self;
    fn object(entries: Vec<(&str, Self)>) -> Self;
}

/// A value the page writes.
pub trait ToJson {
    fn to_json<J: JsonBuild>(&self) -> J;
}

/// An enum's variant with content: `{"Name": content}`.
pub fn variant<J: JsonBuild>(name: &str, content: J) -> J {
    J::object(vec![(name, content)])
}

impl ToJson for bool {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::boolean(*self)
    }
}

macro_rules! whole {
    ($($t:ty),*) => {$(
        impl ToJson for $t {
            fn to_json<J: JsonBuild>(&self) -> J {
                J::whole(*self as u64)
            }
        }
    )*};
}
whole!(u8, u32, u64, usize);

impl ToJson for i32 {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::signed(i64::from(*self))
    }
}

impl ToJson for f64 {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::float(*self)
    }
}

impl ToJson for str {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::text(self)
    }
}

impl ToJson for String {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::text(self)
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn to_json<J: JsonBuild>(&self) -> J {
        (**self).to_json()
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn to_json<J: JsonBuild>(&self) -> J {
        self.as_ref().map_or_else(J::null, T::to_json)
    }
}

impl<T: ToJson> ToJson for [T] {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::list(self.iter().map(T::to_json).collect())
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn to_json<J: JsonBuild>(&self) -> J {
        self.as_slice().to_json()
    }
}

impl<A: ToJson, B: ToJson> ToJson for (A, B) {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::list(vec![self.0.to_json(), self.1.to_json()])
    }
}

#[cfg(target_arch = "wasm32")]
mod js {
    use super::JsonBuild;
    use wasm_bindgen::JsValue;

    impl JsonBuild for JsValue {
        fn null() -> Self {
            JsValue::NULL
        }
        fn boolean(b: bool) -> Self {
            JsValue::from_bool(b)
        }
        fn whole(n: u64) -> Self {
            JsValue::from_f64(n as f64)
        }
        fn signed(n: i64) -> Self {
            JsValue::from_f64(n as f64)
        }
        fn float(x: f64) -> Self {
            JsValue::from_f64(x)
        }
        fn text(s: &str) -> Self {
            JsValue::from_str(s)
        }
        fn list(items: Vec<Self>) -> Self {
            items.into_iter().collect::<js_sys::Array>().into()
        }
        fn object(entries: Vec<(&str, Self)>) -> Self {
            let object = js_sys::Object::new();
            for (key, value) in entries {
                let _ = js_sys::Reflect::set(&object, &JsValue::from_str(key), &value);
            }
            object.into()
        }
    }
}

/// serde_json's values, built as the page builds its JavaScript values.
#[cfg(test)]
impl JsonBuild for serde_json::Value {
    fn null() -> Self {
        serde_json::Value::Null
    }
    fn boolean(b: bool) -> Self {
        b.into()
    }
    fn whole(n: u64) -> Self {
        n.into()
    }
    fn signed(n: i64) -> Self {
        n.into()
    }
    fn float(x: f64) -> Self {
        x.into()
    }
    fn text(s: &str) -> Self {
        s.into()
    }
    fn list(items: Vec<Self>) -> Self {
        serde_json::Value::Array(items)
    }
    fn object(entries: Vec<(&str, Self)>) -> Self {
        serde_json::Value::Object(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }
}

/// JSON text with its keys in the order written, as `JSON.stringify`
/// writes the page's values (serde_json's values sort them): what the
/// tests keep.
#[cfg(test)]
pub struct JsonText(pub String);

#[cfg(test)]
impl JsonBuild for JsonText {
    fn null() -> Self {
        JsonText("null".into())
    }
    fn boolean(b: bool) -> Self {
        JsonText(b.to_string())
    }
    fn whole(n: u64) -> Self {
        JsonText(n.to_string())
    }
    fn signed(n: i64) -> Self {
        JsonText(n.to_string())
    }
    fn float(x: f64) -> Self {
        JsonText(serde_json::to_string(&x).unwrap())
    }
    fn text(s: &str) -> Self {
        JsonText(serde_json::to_string(s).unwrap())
    }
    fn list(items: Vec<Self>) -> Self {
        let items: Vec<String> = items.into_iter().map(|i| i.0).collect();
        JsonText(format!("[{}]", items.join(",")))
    }
    fn object(entries: Vec<(&str, Self)>) -> Self {
        let entries: Vec<String> = entries
            .into_iter()
            .map(|(k, v)| format!("{}:{}", Self::text(k).0, v.0))
            .collect();
        JsonText(format!("{{{}}}", entries.join(",")))
    }
}

#[cfg(test)]
#[path = "json_write_tests.rs"]
mod tests;
